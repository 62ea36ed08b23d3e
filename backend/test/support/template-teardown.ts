import { tearDownTemplate } from './template';

export default tearDownTemplate;
