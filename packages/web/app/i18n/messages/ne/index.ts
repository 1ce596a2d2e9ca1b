import ui from './ui.json';
import validation from './validation.json';
import errors from './errors.json';
import messages from './messages.json';
import _m from './_m.json';

/** The Nepali message sets. */
export default { ui, validation, errors, messages, _m };
