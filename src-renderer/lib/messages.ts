// The renderer reads the one catalogue of src-shared/i18n.
export { messages, type Lang, type MessageKey } from '../../src-shared/i18n';
