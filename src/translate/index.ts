/**
 * Translation of a lowered call into another framework's op (docs/translate.md): the
 * registry's "same call elsewhere", checked by executing both calls.
 */
export {
  TRANSLATE_MAX_ELEMENTS,
  TranslateError,
  translate,
  translateAll,
  type TranslateOptions,
  type TranslateTarget,
  type CanonicalFramework,
  type Translation,
} from './translate.js';
