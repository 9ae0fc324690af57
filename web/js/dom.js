// Small helpers that make elements, shared by the pages and boards: an HTML element with a
// class and its text, and an SVG element with its attributes, appended to a parent if given.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** `<tag class="className">text</tag>`; a missing class or text is left out. */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An SVG element with these attributes, appended to `parent` when one is given. */
export function svgElement(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}
