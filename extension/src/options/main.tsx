import { mount } from '../ui/mount';
import { Options } from './Options';

mount(<Options />);
