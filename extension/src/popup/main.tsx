import { mount } from '../ui/mount';
import { Popup } from './Popup';

mount(<Popup />);
