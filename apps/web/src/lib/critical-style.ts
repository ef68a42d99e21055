/**
 * The part of the app's stylesheet a page's HTML uses, for a page the server renders: its HTML
 * then fits a phone network's first round trip, and the whole stylesheet follows before React
 * takes the page over (main.tsx). Server-side only (the web's server build).
 *
 * A rule is kept when one of its selectors may match: every class it names outside parentheses
 * is on some element of the page. Classes inside `:where()`, `:is()` or `:not()` (the theme's
 * `.dark` on <html>, a `group`) do not decide, so such a rule is kept rather than lost. Rules
 * without a class (the base styles, `@keyframes`) are kept. The theme's variables and `@property`
 * rules are kept when a kept rule, a kept variable or the page's inline styles read them.
 */
import postcss, { type Container } from 'postcss';

/**
 * A text kept as it is, a rule with the classes each of its selectors needs, the custom properties
 * a rule of only custom properties defines (the theme's variables), an `@property`, or a block.
 */
type Piece =
  | { text: string }
  | { text: string; needs: string[][] }
  | { open: string; variables: { name: string; text: string }[] }
  | { text: string; property: string }
  | { open: string; pieces: Piece[] };

/** Blocks whose rules are chosen one by one; any other at-rule is kept whole. */
const blockRules = new Set(['media', 'supports', 'layer', 'container']);

const unescapeCss = (name: string) =>
  name.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|([^]))/g, (_, hex: string | undefined, char: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
  );

/** The class names a selector needs, outside any parentheses and brackets. */
export const requiredClasses = (selector: string): string[] => {
  let outside = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!;
    if (char === '\\') {
      if (depth === 0) outside += char + (selector[i + 1] ?? '');
      i++;
    } else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0) outside += char;
  }
  return [...outside.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^]|[\w-])+)/g)].map((match) => unescapeCss(match[1]!));
};

const piecesOf = (container: Container): Piece[] =>
  (container.nodes ?? []).flatMap((node): Piece[] => {
    if (node.type === 'rule') {
      const declarations = node.nodes.filter((child) => child.type === 'decl');
      if (declarations.length === node.nodes.length && declarations.every((decl) => decl.prop.startsWith('--')))
        return [
          {
            open: `${node.selector}{`,
            variables: declarations.map((decl) => ({ name: decl.prop, text: decl.toString() })),
          },
        ];
      return [{ text: node.toString(), needs: node.selectors.map(requiredClasses) }];
    }
    if (node.type === 'atrule' && node.name === 'property') return [{ text: node.toString(), property: node.params }];
    if (node.type === 'atrule' && node.nodes && blockRules.has(node.name))
      return [{ open: `@${node.name}${node.params ? ` ${node.params}` : ''}{`, pieces: piecesOf(node) }];
    if (node.type === 'atrule') return [{ text: node.toString() + (node.nodes ? '' : ';') }];
    return [];
  });

const readVariables = (text: string) => [...text.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!);

/**
 * The CSS of the pieces a page with these classes uses. With `variables`, the custom properties
 * and `@property` rules of those names; without, none (a first pass, to learn which are read).
 */
const emit = (pieces: Piece[], classes: Set<string>, variables?: Set<string>): string =>
  pieces
    .map((piece) => {
      if ('pieces' in piece) {
        const inner = emit(piece.pieces, classes, variables);
        return inner ? `${piece.open}${inner}}` : '';
      }
      if ('variables' in piece) {
        const kept = piece.variables.filter((variable) => variables?.has(variable.name));
        return kept.length ? `${piece.open}${kept.map((variable) => variable.text).join(';')}}` : '';
      }
      if ('property' in piece) return variables?.has(piece.property) ? piece.text : '';
      if ('needs' in piece)
        return piece.needs.some((needed) => needed.every((name) => classes.has(name))) ? piece.text : '';
      return piece.text;
    })
    .join('');

const definitionsIn = (pieces: Piece[]): Map<string, string[]> => {
  const definitions = new Map<string, string[]>();
  const visit = (list: Piece[]) => {
    for (const piece of list)
      if ('pieces' in piece) visit(piece.pieces);
      else if ('variables' in piece)
        for (const variable of piece.variables)
          definitions.set(variable.name, [...(definitions.get(variable.name) ?? []), ...readVariables(variable.text)]);
  };
  visit(pieces);
  return definitions;
};

const entities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

const entityPattern = /&(?:amp|quot|#x27|#39|lt|gt);/g;

/** Every class on the page's elements. */
export const classesIn = (html: string) => {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const list = match[1]!.includes('&') ? match[1]!.replace(entityPattern, (entity) => entities[entity]!) : match[1]!;
    for (const name of list.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
};

/** The custom properties the page's own inline styles (`style="…"`) read. */
const variablesInStyles = (html: string) =>
  [...html.matchAll(/\sstyle="([^"]*)"/g)].flatMap((match) => readVariables(match[1]!));

/** Pages with the same classes and inline variables carry the same style: kept, this many at most. */
const keptStyles = 256;

/**
 * Reads the stylesheet once; the function it returns picks the rules a page's HTML uses. Pages
 * made of the same components share their classes (every phone's page, a brand's pages): the style
 * of a set of classes is picked once, then found by that set.
 */
export const criticalStyleFor = (stylesheet: string): ((html: string) => string) => {
  const pieces = piecesOf(postcss.parse(stylesheet));
  // Which variables each variable reads (`--default-font-family: var(--font-sans)`).
  const definitions = definitionsIn(pieces);
  const kept = new Map<string, string>();
  return (html) => {
    const classes = classesIn(html);
    const inline = variablesInStyles(html);
    const key = `${[...classes].sort().join(' ')}|${inline.sort().join(' ')}`;
    const known = kept.get(key);
    if (known !== undefined) return known;
    // The variables the kept rules read, and the page's own inline styles.
    const read = new Set([...readVariables(emit(pieces, classes)), ...inline]);
    for (const name of read) for (const more of definitions.get(name) ?? []) read.add(more);
    const style = emit(pieces, classes, read);
    if (kept.size >= keptStyles) kept.clear();
    kept.set(key, style);
    return style;
  };
};
