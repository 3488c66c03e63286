import { Marked } from "marked";

// Bodies never contain HTML (the API refuses it), so the only markup is what Markdown makes;
// links and images are kept to safe schemes.
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html: () => "",
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      return SAFE_URL.test(href)
        ? `<a href="${encodeURI(href)}" rel="nofollow noopener">${text}</a>`
        : text;
    },
    image({ text }) {
      return text;
    },
  },
});

export function Markdown({ text }: { text: string }) {
  const html = markdown.parse(text, { async: false }) as string;
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
