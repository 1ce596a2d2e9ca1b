export { default, meta } from './screen';
