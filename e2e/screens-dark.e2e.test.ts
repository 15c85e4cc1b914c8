import { describeScreens } from './screens.js';

describeScreens('dark');
