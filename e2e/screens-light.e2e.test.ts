import { describeScreens } from './screens.js';

describeScreens('light');
