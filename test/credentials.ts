/**
 * The password the tests' accounts are made with. No log line of the test run may hold it: the run's end
 * checks every log for it (log-check.ts).
 */
export const TEST_PASSWORD = 'correct horse battery';
