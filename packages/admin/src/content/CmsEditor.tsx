import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { t } from '../lib/i18n';
import './cms-editor.css';

/*
 * The rich-text editor of CMS pages and SEO texts (ADR 0053): TipTap, loaded only by the screens
 * that edit a body (React.lazy). Its document keeps what the contracts' HTML_POLICY keeps of a page:
 * headings h2–h6, paragraphs, bold, italic, lists and links (plus the quotes, code, rules and
 * struck or underlined text of StarterKit's shortcuts); the server sanitises whatever it sends
 * anyway. TipTap's own style tag is off: the console's content security policy allows only its own
 * style sheets, so the editor's few rules are in cms-editor.css.
 */

export interface CmsEditorProps {
  /** The body to start from (sanitised HTML); the editor is keyed by its caller to start again. */
  initial: string;
  onChange: (html: string) => void;
  /** The editor's accessible name, e.g. "Body, Tiếng Việt". */
  label: string;
  /** The BCP 47 tag of the text's language (spell checking, screen readers). */
  lang: string;
  /** A read-only editor for a role that may not change content. */
  readOnly?: boolean;
  /** Ids of texts that describe the field (hints, errors). */
  describedBy?: string;
}

export default function CmsEditor({ initial, onChange, label, lang, readOnly = false, describedBy }: CmsEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4, 5, 6] }, link: false }),
      // Links: http(s), mailto and tel only (HTML_POLICY's list); the server sets target and rel.
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], defaultProtocol: 'https', HTMLAttributes: { target: null, rel: null } }),
    ],
    content: initial,
    editable: !readOnly,
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        lang,
        class: 'cms-editor__content',
        'data-testid': 'cms-editor',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bullets: current.isActive('bulletList'),
            numbers: current.isActive('orderedList'),
            link: current.isActive('link'),
            href: (current.getAttributes('link').href as string | undefined) ?? '',
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState('');
  const ids = { href: useId(), hrefError: useId() };

  if (!editor || !state) return <p className="sub">{t('cms.editorLoading')}</p>;
  const chain = () => editor.chain().focus();
  // A click on a format button leaves the caret in the text: TipTap's focus() gives it back only
  // on the next animation frame, and what is typed before that would go to the button.
  const keepEditorFocus = (event: MouseEvent) => event.preventDefault();

  const toggle = (name: string, pressed: boolean, run: () => void, disabled = false) => (
    <button type="button" className="cms-editor__button" aria-pressed={pressed} onMouseDown={keepEditorFocus} onClick={run} disabled={disabled || readOnly} key={name}>
      {t(`cms.toolbar.${name}`)}
    </button>
  );

  function applyLink(event: FormEvent) {
    event.preventDefault();
    const value = href.trim();
    if (!value) {
      chain().extendMarkRange('link').unsetLink().run();
      setLinking(false);
      return;
    }
    // What HTML_POLICY keeps: a site path, or an http(s), mailto: or tel: address.
    if (!/^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(value)) return setLinkError(t('cms.linkInvalid'));
    chain().extendMarkRange('link').setLink({ href: value }).run();
    setLinkError('');
    setLinking(false);
  }

  return (
    <div className="cms-editor">
      {!readOnly && (
        <div className="cms-editor__toolbar" role="toolbar" aria-label={t('cms.toolbar.label')}>
          {toggle('bold', state.bold, () => chain().toggleBold().run())}
          {toggle('italic', state.italic, () => chain().toggleItalic().run())}
          {toggle('h2', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
          {toggle('h3', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
          {toggle('bullets', state.bullets, () => chain().toggleBulletList().run())}
          {toggle('numbers', state.numbers, () => chain().toggleOrderedList().run())}
          <button
            type="button"
            className="cms-editor__button"
            aria-pressed={state.link}
            aria-expanded={linking}
            onClick={() => {
              setHref(state.href);
              setLinkError('');
              setLinking((open) => !open);
            }}
          >
            {t('cms.toolbar.link')}
          </button>
          <button type="button" className="cms-editor__button" onMouseDown={keepEditorFocus} onClick={() => chain().undo().run()} disabled={!state.canUndo}>
            {t('cms.toolbar.undo')}
          </button>
          <button type="button" className="cms-editor__button" onMouseDown={keepEditorFocus} onClick={() => chain().redo().run()} disabled={!state.canRedo}>
            {t('cms.toolbar.redo')}
          </button>
        </div>
      )}
      {linking && (
        // Not a <form>: the editor sits inside the page's form.
        <div className="cms-editor__link" role="group" aria-label={t('cms.linkGroup')}>
          <label htmlFor={ids.href}>{t('cms.linkAddress')}</label>
          <input
            id={ids.href}
            value={href}
            onChange={(event) => setHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyLink(event);
              if (event.key === 'Escape') setLinking(false);
            }}
            placeholder="https://"
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? ids.hrefError : undefined}
            autoFocus
          />
          <button type="button" onClick={applyLink}>
            {t('cms.linkApply')}
          </button>
          {state.link && (
            <button type="button" onClick={() => (chain().extendMarkRange('link').unsetLink().run(), setLinking(false))}>
              {t('cms.linkRemove')}
            </button>
          )}
          {linkError && (
            <span id={ids.hrefError} className="form-error content-field-error">
              {linkError}
            </span>
          )}
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
