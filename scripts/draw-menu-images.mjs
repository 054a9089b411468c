// Draws the demo business's pictures as small SVGs (apps/web/public/images): one per dish, deal and
// combo of the seed, and the business's logo. Run `node scripts/draw-menu-images.mjs` after changing a
// recipe below; the output is committed (drawn for this project, under its licence).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/images');

/** The seed's file name for a dish: 'Prosciutto e Rucola' → 'prosciutto-e-rucola'. */
export const imageSlug = (name) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A small deterministic random source per picture, so a redraw gives the same file. */
function randomFor(name) {
  let seed = 2166136261;
  for (const ch of name) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    seed = (Math.imul(seed ^ (seed >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return seed / 2 ** 32;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

/** `count` spots inside a circle of radius `r` around (cx, cy), kept apart from each other. */
function spots(rand, count, cx, cy, r, gap = 18) {
  const placed = [];
  for (let tries = 0; placed.length < count && tries < count * 60; tries++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * r;
    const p = [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
    if (placed.every((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) > gap)) placed.push(p);
  }
  return placed.map(([x, y]) => [r1(x), r1(y), Math.round(rand() * 360)]);
}

// Shapes a topping is drawn with; each gets (x, y, angle, colour, size).
const shape = {
  blob: (x, y, a, c, s) =>
    `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${r1(s * 0.8)}" fill="${c}" transform="rotate(${a} ${x} ${y})"/>`,
  dot: (x, y, _a, c, s) => `<circle cx="${x}" cy="${y}" r="${s}" fill="${c}"/>`,
  ring: (x, y, _a, c, s) =>
    `<circle cx="${x}" cy="${y}" r="${s}" fill="none" stroke="${c}" stroke-width="${r1(s * 0.55)}"/>`,
  leaf: (x, y, a, c, s) =>
    `<path d="M${x - s} ${y}Q${x} ${y - s * 0.7} ${x + s} ${y}Q${x} ${y + s * 0.7} ${x - s} ${y}Z" fill="${c}" transform="rotate(${a} ${x} ${y})"/>`,
  slice: (x, y, a, c, s) =>
    `<g transform="rotate(${a} ${x} ${y})"><circle cx="${x}" cy="${y}" r="${s}" fill="${c}"/><circle cx="${x - s * 0.3}" cy="${y - s * 0.2}" r="${r1(s * 0.18)}" fill="#fff" opacity=".35"/><circle cx="${x + s * 0.35}" cy="${y + s * 0.25}" r="${r1(s * 0.15)}" fill="#fff" opacity=".35"/></g>`,
  square: (x, y, a, c, s) =>
    `<rect x="${r1(x - s)}" y="${r1(y - s)}" width="${s * 2}" height="${s * 2}" rx="${r1(s * 0.3)}" fill="${c}" transform="rotate(${a} ${x} ${y})"/>`,
  strip: (x, y, a, c, s) =>
    `<rect x="${r1(x - s)}" y="${r1(y - s * 0.25)}" width="${s * 2}" height="${r1(s * 0.5)}" rx="${r1(s * 0.25)}" fill="${c}" transform="rotate(${a} ${x} ${y})"/>`,
  mushroom: (x, y, a, c, s) =>
    `<g transform="rotate(${a} ${x} ${y})"><path d="M${x - s} ${y}A${s} ${s} 0 0 1 ${x + s} ${y}Z" fill="${c}"/><rect x="${r1(x - s * 0.3)}" y="${y}" width="${r1(s * 0.6)}" height="${r1(s * 0.7)}" fill="${c}"/></g>`,
  prawn: (x, y, a, c, s) =>
    `<path d="M${x - s} ${y}A${s} ${s} 0 1 1 ${x + s * 0.6} ${y + s * 0.8}" fill="none" stroke="${c}" stroke-width="${r1(s * 0.75)}" stroke-linecap="round" transform="rotate(${a} ${x} ${y})"/>`,
  ribbon: (x, y, a, c, s) =>
    `<path d="M${x - s} ${y}q${s * 0.5} ${-s * 0.6} ${s} 0t${s} 0" fill="none" stroke="${c}" stroke-width="${r1(s * 0.55)}" stroke-linecap="round" transform="rotate(${a} ${x} ${y})"/>`,
  stick: (x, y, a, c, s) =>
    `<rect x="${r1(x - s * 0.18)}" y="${r1(y - s)}" width="${r1(s * 0.36)}" height="${s * 2}" rx="2" fill="${c}" transform="rotate(${a} ${x} ${y})"/>`,
  tube: (x, y, a, c, s) =>
    `<g transform="rotate(${a} ${x} ${y})"><rect x="${r1(x - s)}" y="${r1(y - s * 0.45)}" width="${s * 2}" height="${r1(s * 0.9)}" rx="3" fill="${c}"/><ellipse cx="${r1(x + s)}" cy="${y}" rx="${r1(s * 0.2)}" ry="${r1(s * 0.4)}" fill="#7a4a1e" opacity=".5"/></g>`,
};

/** Toppings as [shape, colour, count, size]. */
const tomato = '#c8361f';
const mozzarella = '#fbf5e6';
const basil = '#2f7d32';
const olive = '#2b2622';

const pizzas = {
  Margherita: {
    base: tomato,
    toppings: [
      ['blob', mozzarella, 7, 17],
      ['leaf', basil, 5, 11],
    ],
  },
  Marinara: {
    base: '#b92f1b',
    toppings: [
      ['strip', '#f1e4c3', 9, 7],
      ['dot', '#3c5a1e', 26, 2.2],
    ],
  },
  Diavola: {
    base: tomato,
    toppings: [
      ['blob', mozzarella, 5, 14],
      ['slice', '#8e1b1b', 9, 14],
      ['leaf', '#e2521d', 5, 7],
    ],
  },
  Capricciosa: {
    base: tomato,
    toppings: [
      ['blob', mozzarella, 5, 14],
      ['square', '#e9a3a0', 5, 9],
      ['mushroom', '#d9c3a0', 5, 10],
      ['leaf', '#8aa04a', 4, 10],
      ['ring', olive, 5, 5],
    ],
  },
  'Quattro Formaggi': {
    base: '#f3dfa2',
    toppings: [
      ['blob', '#fff8e7', 5, 18],
      ['blob', '#e8c25a', 5, 13],
      ['blob', '#dfe4d8', 4, 11],
      ['dot', '#5d7d8a', 14, 2.5],
    ],
  },
  'Prosciutto e Rucola': {
    base: tomato,
    toppings: [
      ['blob', mozzarella, 5, 13],
      ['ribbon', '#d97c7c', 6, 14],
      ['leaf', '#4f8a2b', 12, 9],
    ],
  },
  Funghi: {
    base: '#f1deb0',
    toppings: [
      ['mushroom', '#a27c54', 9, 12],
      ['mushroom', '#d9c3a0', 5, 10],
      ['dot', '#56702e', 20, 2],
    ],
  },
  Vegetariana: {
    base: tomato,
    toppings: [
      ['blob', mozzarella, 4, 13],
      ['slice', '#5b2a5e', 4, 13],
      ['strip', '#e0b321', 5, 11],
      ['ring', '#5f9a3a', 5, 8],
      ['ring', olive, 4, 5],
    ],
  },
  Gamberi: {
    base: tomato,
    toppings: [
      ['blob', mozzarella, 4, 13],
      ['prawn', '#ef8a5b', 6, 11],
      ['dot', '#e0402b', 6, 6],
      ['strip', '#f1e4c3', 5, 5],
    ],
  },
  Salsiccia: {
    base: '#efe0bd',
    toppings: [
      ['blob', '#c99a5c', 5, 14],
      ['blob', '#7b4a2a', 12, 7],
      ['leaf', '#2f5e2a', 8, 10],
    ],
  },
  'Nutella Pizza': {
    base: '#5a3018',
    toppings: [
      ['leaf', '#d8323e', 8, 12],
      ['dot', '#fff5f5', 30, 1.6],
    ],
  },
};

function pizza(recipe, rand) {
  const toppings = recipe.toppings
    .map(([kind, colour, count, size]) =>
      spots(rand, count, 200, 150, 78, size * 1.1)
        .map(([x, y, a]) => shape[kind](x, y, a, colour, size))
        .join(''),
    )
    .join('');
  return `<circle cx="205" cy="158" r="122" fill="#000" opacity=".12"/><circle cx="200" cy="150" r="120" fill="#c98a46"/><circle cx="200" cy="150" r="108" fill="#e3ad63"/><circle cx="200" cy="150" r="100" fill="${recipe.base}"/>${toppings}<g fill="#6b3b17" opacity=".35"><circle cx="112" cy="120" r="4"/><circle cx="285" cy="190" r="5"/><circle cx="250" cy="58" r="3"/></g>`;
}

const bowl = (inner) =>
  `<ellipse cx="205" cy="160" rx="128" ry="124" fill="#000" opacity=".12"/><circle cx="200" cy="150" r="124" fill="#f7f4ee"/><circle cx="200" cy="150" r="104" fill="#e9e3d6"/>${inner}`;
const plate = (inner) =>
  `<ellipse cx="205" cy="160" rx="140" ry="128" fill="#000" opacity=".12"/><circle cx="200" cy="150" r="130" fill="#fdfcf8"/><circle cx="200" cy="150" r="100" fill="none" stroke="#ebe6dc" stroke-width="3"/>${inner}`;

function strands(rand, colour, count, width) {
  let d = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = [140 + rand() * 120, 100 + rand() * 100];
    d += `<path d="M${r1(x)} ${r1(y)}c${r1(30 + rand() * 30)} ${r1(-40 + rand() * 20)} ${r1(60 + rand() * 20)} ${r1(20 + rand() * 20)} ${r1(20 + rand() * 30)} ${r1(50 + rand() * 20)}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;
  }
  return d;
}

const scatter = (rand, list, cx = 200, cy = 150, r = 78) =>
  list
    .map(([kind, colour, count, size]) =>
      spots(rand, count, cx, cy, r, size * 1.05)
        .map(([x, y, a]) => shape[kind](x, y, a, colour, size))
        .join(''),
    )
    .join('');

const pasta = {
  'Spaghetti Carbonara': (rand) =>
    bowl(
      `<circle cx="200" cy="150" r="88" fill="#f0d58a"/>${strands(rand, '#f6e3a6', 16, 5)}${scatter(
        rand,
        [
          ['square', '#b5654a', 9, 6],
          ['dot', '#2d2a26', 30, 1.4],
          ['blob', '#fff4d0', 5, 6],
        ],
        200,
        150,
        70,
      )}`,
    ),
  'Rigatoni Bolognese': (rand) =>
    bowl(
      `<circle cx="200" cy="150" r="88" fill="#8d3a22"/>${scatter(
        rand,
        [
          ['tube', '#f0cf84', 13, 14],
          ['dot', '#6e2a18', 18, 4],
          ['dot', '#f5efe0', 12, 2],
        ],
        200,
        150,
        70,
      )}`,
    ),
  'Penne Arrabbiata': (rand) =>
    bowl(
      `<circle cx="200" cy="150" r="88" fill="#c23a22"/>${scatter(
        rand,
        [
          ['tube', '#f3d38a', 15, 12],
          ['leaf', '#3d7d2c', 8, 6],
          ['dot', '#7c1208', 14, 2.5],
        ],
        200,
        150,
        70,
      )}`,
    ),
  'Seafood Linguine': (rand) =>
    bowl(
      `<circle cx="200" cy="150" r="88" fill="#e9b86b"/>${strands(rand, '#f4dc9d', 14, 7)}${scatter(
        rand,
        [
          ['blob', '#272a3a', 5, 13],
          ['prawn', '#ef8a5b', 4, 11],
          ['dot', '#d7341f', 6, 6],
          ['dot', '#3d7d2c', 18, 1.8],
        ],
        200,
        150,
        68,
      )}`,
    ),
  'Gnocchi al Pesto': (rand) =>
    bowl(
      `<circle cx="200" cy="150" r="88" fill="#4f8a2b"/>${scatter(
        rand,
        [
          ['blob', '#efe2b0', 18, 10],
          ['blob', '#f4e7c8', 10, 3],
          ['leaf', '#2f6b24', 4, 10],
        ],
        200,
        150,
        70,
      )}`,
    ),
  'Lasagne della Nonna': () =>
    plate(
      `<g transform="rotate(-8 200 150)"><rect x="120" y="95" width="160" height="110" rx="8" fill="#e2a14f"/>${[
        0, 1, 2, 3,
      ]
        .map(
          (i) => `<rect x="120" y="${105 + i * 24}" width="160" height="9" fill="${i % 2 ? '#fff3d6' : '#9b3a1f'}"/>`,
        )
        .join(
          '',
        )}<path d="M120 100q40-16 80-4t80-2" fill="none" stroke="#b8471f" stroke-width="10" stroke-linecap="round"/></g><g fill="#3d7d2c"><ellipse cx="262" cy="86" rx="10" ry="5"/><ellipse cx="275" cy="92" rx="9" ry="4" transform="rotate(30 275 92)"/></g>`,
    ),
};

const grill = {
  'Scotch Fillet 300 g': (rand) =>
    plate(
      `<path d="M115 150c0-45 40-70 90-62 45 7 65 42 55 75-12 38-60 52-100 40-30-9-45-28-45-53z" fill="#6b2e1a"/><path d="M140 120l80 50M130 145l80 50M160 105l80 50" stroke="#3a160c" stroke-width="6" opacity=".7"/>${scatter(rand, [['stick', '#f2c14e', 9, 16]], 285, 140, 28)}${scatter(rand, [['leaf', '#5b9a36', 6, 10]], 210, 225, 22)}`,
    ),
  'Lamb Cutlets': (rand) =>
    plate(
      `${[0, 1, 2]
        .map(
          (i) =>
            `<g transform="rotate(${-20 + i * 20} 200 150)"><ellipse cx="${170 + i * 30}" cy="155" rx="26" ry="36" fill="#7a3b24"/><ellipse cx="${170 + i * 30}" cy="150" rx="16" ry="24" fill="#a34f35"/><rect x="${166 + i * 30}" y="80" width="8" height="44" rx="4" fill="#f3ead8"/></g>`,
        )
        .join('')}${scatter(
        rand,
        [
          ['leaf', '#4f8a2b', 6, 9],
          ['dot', '#d7341f', 3, 7],
        ],
        200,
        235,
        30,
      )}`,
    ),
  'Chicken Cotoletta': (rand) =>
    plate(
      `<ellipse cx="190" cy="150" rx="92" ry="64" fill="#c97f2b"/><ellipse cx="190" cy="146" rx="84" ry="56" fill="#e0a23f"/>${scatter(rand, [['dot', '#b8691f', 40, 2]], 190, 146, 60)}<path d="M270 105a30 30 0 0 1 40 40z" fill="#f6d84a"/>${scatter(rand, [['leaf', '#4f8a2b', 7, 10]], 275, 205, 28)}`,
    ),
  'Pork Belly': (rand) =>
    plate(
      `<g transform="rotate(-6 190 150)"><rect x="110" y="105" width="150" height="80" rx="6" fill="#f3dcc0"/><rect x="110" y="105" width="150" height="18" rx="6" fill="#b9652b"/><rect x="110" y="140" width="150" height="8" fill="#c98a6a"/><rect x="110" y="163" width="150" height="6" fill="#c98a6a"/></g>${scatter(
        rand,
        [
          ['strip', '#e9e4b0', 10, 9],
          ['strip', '#c7d77a', 6, 8],
        ],
        270,
        215,
        26,
      )}`,
    ),
  'Grilled Barramundi': (rand) =>
    plate(
      `<path d="M100 160c30-55 150-65 190-20-40 45-160 40-190 20z" fill="#f0e2cc"/><path d="M110 158c40-38 130-46 170-18" fill="none" stroke="#c99a5e" stroke-width="5"/><path d="M150 130l20 40M190 122l20 45M230 122l15 40" stroke="#8a5a2b" stroke-width="4" opacity=".6"/>${scatter(rand, [['dot', '#3d8a2f', 16, 4]], 200, 150, 40)}${scatter(rand, [['leaf', '#2f6b24', 6, 11]], 210, 225, 26)}`,
    ),
};

const salads = {
  'Caesar Salad': (rand) =>
    bowl(
      `<circle cx="200" cy="150" r="90" fill="#6f9e3a"/>${scatter(
        rand,
        [
          ['leaf', '#9cc45a', 14, 26],
          ['leaf', '#c9e08f', 8, 20],
          ['square', '#d7a14f', 8, 8],
          ['strip', '#fff4d8', 8, 10],
          ['square', '#b5654a', 6, 6],
        ],
        200,
        150,
        72,
      )}`,
    ),
  Caprese: () =>
    plate(
      Array.from({ length: 8 }, (_, i) => {
        const a = (i / 8) * Math.PI * 2;
        const [x, y] = [r1(200 + Math.cos(a) * 62), r1(150 + Math.sin(a) * 62)];
        return i % 2
          ? `<circle cx="${x}" cy="${y}" r="26" fill="#fbf7ea" stroke="#e9e1cc"/>`
          : `<circle cx="${x}" cy="${y}" r="26" fill="#d7341f"/><circle cx="${x}" cy="${y}" r="14" fill="#f06a4f"/>`;
      }).join('') +
        `<g fill="#2f7d32"><ellipse cx="200" cy="140" rx="18" ry="9"/><ellipse cx="210" cy="160" rx="16" ry="8" transform="rotate(40 210 160)"/></g>`,
    ),
  'Rocket and Pear': (rand) =>
    bowl(
      scatter(
        rand,
        [
          ['leaf', '#4f8a2b', 18, 14],
          ['leaf', '#eee2a5', 5, 16],
          ['blob', '#8a5a2b', 6, 7],
          ['blob', '#dfe4d8', 5, 7],
        ],
        200,
        150,
        72,
      ),
    ),
  Panzanella: (rand) =>
    bowl(
      scatter(
        rand,
        [
          ['square', '#e0b062', 8, 10],
          ['blob', '#d7341f', 8, 10],
          ['ring', '#7fb24a', 5, 8],
          ['ring', '#a33b6a', 4, 9],
          ['leaf', '#2f7d32', 4, 8],
        ],
        200,
        150,
        72,
      ),
    ),
};

const sides = {
  'Garlic Bread': (rand) =>
    plate(
      `${[0, 1, 2, 3]
        .map(
          (i) =>
            `<g transform="rotate(${-30 + i * 8} 200 150)"><rect x="${110 + i * 42}" y="95" width="46" height="110" rx="18" fill="#d99a45"/><rect x="${116 + i * 42}" y="101" width="34" height="98" rx="14" fill="#f6dfa0"/></g>`,
        )
        .join('')}${scatter(rand, [['dot', '#3d7d2c', 30, 2]], 200, 150, 70)}`,
    ),
  Chips: (rand) =>
    bowl(
      `${scatter(
        rand,
        [
          ['stick', '#f2c14e', 26, 22],
          ['stick', '#e3a93a', 10, 20],
        ],
        200,
        150,
        70,
      )}<circle cx="270" cy="205" r="20" fill="#fbf1c8" stroke="#e8d9a0" stroke-width="3"/>`,
    ),
  Arancini: () =>
    plate(
      `${[
        [160, 130],
        [240, 135],
        [200, 195],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="42" fill="#c8802b"/><circle cx="${x - 10}" cy="${y - 12}" r="26" fill="#e1a445" opacity=".8"/>`,
        )
        .join('')}<path d="M190 80q20-10 40 0" stroke="#3d7d2c" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    ),
  'Calamari Fritti': (rand) =>
    plate(
      `${scatter(rand, [['ring', '#e7b866', 14, 14]], 195, 150, 70)}<path d="M265 200a28 28 0 0 1 36-36z" fill="#f6d84a"/>`,
    ),
  'Roast Potatoes': (rand) =>
    bowl(
      scatter(
        rand,
        [
          ['blob', '#d99a3a', 12, 20],
          ['blob', '#f0c56a', 8, 10],
          ['leaf', '#4c6b2a', 8, 6],
        ],
        200,
        150,
        70,
      ),
    ),
  'Green Salad': (rand) =>
    bowl(
      scatter(
        rand,
        [
          ['leaf', '#7fb24a', 14, 18],
          ['leaf', '#4f8a2b', 10, 14],
          ['leaf', '#b9d77a', 6, 12],
        ],
        200,
        150,
        72,
      ),
    ),
};

const desserts = {
  Tiramisu: (rand) =>
    plate(
      `<g transform="rotate(-6 200 150)"><rect x="130" y="95" width="140" height="110" rx="6" fill="#f5ead2"/><rect x="130" y="120" width="140" height="14" fill="#8a5a35"/><rect x="130" y="162" width="140" height="14" fill="#8a5a35"/><rect x="130" y="95" width="140" height="14" rx="6" fill="#6b3f22"/></g>${scatter(rand, [['dot', '#4d2a15', 18, 2]], 200, 100, 30)}`,
    ),
  'Panna Cotta': () =>
    plate(
      `<path d="M140 190c0-70 20-100 60-100s60 30 60 100z" fill="#fbf6ea"/><path d="M140 190c10-12 30-18 60-18s50 6 60 18c-20 10-100 10-120 0z" fill="#9d1d3c"/><circle cx="175" cy="95" r="9" fill="#b5163b"/><circle cx="193" cy="88" r="8" fill="#5a2c6e"/><circle cx="210" cy="96" r="8" fill="#b5163b"/><ellipse cx="195" cy="82" rx="10" ry="4" fill="#3d7d2c"/>`,
    ),
  'Nutella Pizza': (rand) => pizza(pizzas['Nutella Pizza'], rand),
  Cannoli: () =>
    plate(
      `${[0, 1]
        .map(
          (i) =>
            `<g transform="rotate(${-20 + i * 30} 200 ${130 + i * 45})"><rect x="120" y="${110 + i * 45}" width="160" height="42" rx="21" fill="#c9843a"/><rect x="128" y="${116 + i * 45}" width="144" height="30" rx="15" fill="#dfa455"/><ellipse cx="120" cy="${131 + i * 45}" rx="12" ry="21" fill="#fbf3e0"/><ellipse cx="280" cy="${131 + i * 45}" rx="12" ry="21" fill="#fbf3e0"/><circle cx="117" cy="${131 + i * 45}" r="6" fill="#6fa33c"/><circle cx="283" cy="${131 + i * 45}" r="6" fill="#6fa33c"/></g>`,
        )
        .join('')}`,
    ),
  Affogato: () =>
    `<ellipse cx="205" cy="250" rx="95" ry="18" fill="#000" opacity=".12"/><path d="M125 90h150l-20 150h-110z" fill="#e9f1f4" stroke="#c6d6dc" stroke-width="4"/><path d="M138 170h124l-10 70h-104z" fill="#5a3018"/><circle cx="200" cy="130" r="48" fill="#fbf3dc"/><path d="M160 150q40 30 80 0" fill="#7a4424" opacity=".8"/><circle cx="188" cy="112" r="8" fill="#fff" opacity=".6"/>`,
};

function can(colour, band, label) {
  return `<ellipse cx="205" cy="262" rx="70" ry="14" fill="#000" opacity=".12"/><rect x="140" y="50" width="120" height="210" rx="16" fill="${colour}"/><rect x="140" y="50" width="120" height="16" rx="8" fill="#c9ced3"/><rect x="140" y="244" width="120" height="16" rx="8" fill="#c9ced3"/><path d="M140 150q60-40 120 0v30q-60-40-120 0z" fill="${band}"/><text x="200" y="132" text-anchor="middle" font-family="Georgia,serif" font-size="24" font-weight="700" fill="${band}"${label.length > 5 ? ' textLength="100" lengthAdjust="spacingAndGlyphs"' : ''}>${label}</text>`;
}
function bottle(colour, liquid, label, text = '#fff') {
  return `<ellipse cx="205" cy="266" rx="60" ry="12" fill="#000" opacity=".12"/><path d="M180 30h40v50c30 20 40 40 40 70v110h-120v-110c0-30 10-50 40-70z" fill="${colour}"/><rect x="176" y="22" width="48" height="16" rx="4" fill="#b9a23a"/><rect x="140" y="150" width="120" height="70" fill="${liquid}"/><text x="200" y="193" text-anchor="middle" font-family="Georgia,serif" font-size="20" font-weight="700" fill="${text}"${label.length > 6 ? ' textLength="104" lengthAdjust="spacingAndGlyphs"' : ''}>${label}</text>`;
}

const drinks = {
  'Coca-Cola': () => can('#c8102e', '#fff', 'COLA'),
  'Coke No Sugar': () => can('#1d1d1f', '#e4002b', 'NO SUGAR'),
  Lemonade: () =>
    `<ellipse cx="205" cy="262" rx="70" ry="12" fill="#000" opacity=".12"/><path d="M140 60h120l-14 200h-92z" fill="#f4f9e0" stroke="#d6e2b0" stroke-width="4"/><path d="M146 100h108l-11 155h-86z" fill="#f0f3b0"/><circle cx="175" cy="150" r="7" fill="#fff" opacity=".8"/><circle cx="215" cy="190" r="5" fill="#fff" opacity=".8"/><circle cx="200" cy="225" r="6" fill="#fff" opacity=".8"/><circle cx="258" cy="70" r="30" fill="#f6d84a"/><circle cx="258" cy="70" r="22" fill="#faeb8a"/><path d="M258 48v44M236 70h44" stroke="#f6d84a" stroke-width="3"/>`,
  'San Pellegrino Aranciata': () => can('#f18a1c', '#fff5dc', 'ARANCIATA'),
  'Sparkling Water': () => bottle('#8fc3dd', '#d9eef7', 'ACQUA', '#1f5f7a'),
  Chinotto: () => bottle('#3b2414', '#6b3b1b', 'CHINOTTO'),
};

/** Backgrounds: a tablecloth or a board under the dish, varied per picture. */
const backgrounds = ['#f3e3c3', '#efe1cf', '#e9dcc5', '#f1e6d2', '#e6d7bd', '#f5e9d6'];
const cloths = ['#b8362b', '#2f6f8f', '#3d7d4a', '#8a6a3a'];

function frame(name, inner, rand) {
  const bg = backgrounds[Math.floor(rand() * backgrounds.length)];
  const cloth = cloths[Math.floor(rand() * cloths.length)];
  const checks = [0, 1, 2, 3, 4, 5, 6]
    .map((i) => `<rect x="${i * 60}" y="262" width="30" height="38" fill="${cloth}" opacity=".18"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${name}"><rect width="400" height="300" fill="${bg}"/><rect y="262" width="400" height="38" fill="${cloth}" opacity=".12"/>${checks}${inner}</svg>\n`;
}

/** Deals and combos: the dishes they bring, side by side. */
const bundles = {
  '2 Large Pizzas + Drink': (rand) =>
    `<g transform="translate(-70 10) scale(.8)">${pizza(pizzas.Margherita, rand)}</g><g transform="translate(90 30) scale(.75)">${pizza(pizzas.Diavola, rand)}</g><g transform="translate(250 100) scale(.5)">${can('#c8102e', '#fff', 'COLA')}</g>`,
  'Pasta Night for Two': (rand) =>
    `<g transform="translate(-30 0) scale(.62)">${pasta['Spaghetti Carbonara'](rand)}</g><g transform="translate(150 0) scale(.62)">${pasta['Rigatoni Bolognese'](rand)}</g><g transform="translate(70 120) scale(.55)">${sides['Garlic Bread'](rand)}</g><g transform="translate(230 150) scale(.42)">${desserts.Tiramisu(rand)}</g>`,
  'Pizza Lunch Combo': (rand) =>
    `<g transform="translate(-10 20) scale(.85)">${pizza(pizzas.Capricciosa, rand)}</g><g transform="translate(240 90) scale(.55)">${can('#f18a1c', '#fff5dc', 'ARANCIATA')}</g>`,
  'Grill Combo': (rand) =>
    `<g transform="translate(-20 10) scale(.75)">${grill['Scotch Fillet 300 g'](rand)}</g><g transform="translate(200 120) scale(.45)">${sides.Chips(rand)}</g><g transform="translate(260 20) scale(.45)">${can('#1d1d1f', '#e4002b', 'NO SUGAR')}</g>`,
};

const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><circle cx="48" cy="48" r="46" fill="#8b0000"/><circle cx="48" cy="48" r="40" fill="none" stroke="#f5c26b" stroke-width="2.5"/><path d="M20 66h56l-5 9H25z" fill="#f5c26b"/><path d="M26 66c0-14 10-25 22-25s22 11 22 25z" fill="#e3ad63"/><path d="M31 66c0-11 8-20 17-20s17 9 17 20z" fill="#c8361f"/><circle cx="41" cy="58" r="3.5" fill="#fbf5e6"/><circle cx="54" cy="55" r="3.5" fill="#fbf5e6"/><circle cx="50" cy="62" r="3" fill="#fbf5e6"/><ellipse cx="46" cy="52" rx="3.5" ry="1.8" fill="#2f7d32"/><path d="M33 34c5-11 25-11 30 0" fill="none" stroke="#f5c26b" stroke-width="3.5" stroke-linecap="round"/><path d="M39 25c3-6 15-6 18 0" fill="none" stroke="#f5c26b" stroke-width="3.5" stroke-linecap="round"/></svg>\n`;

export const dishes = {
  ...Object.fromEntries(Object.entries(pizzas).map(([name, recipe]) => [name, (rand) => pizza(recipe, rand)])),
  ...pasta,
  ...grill,
  ...salads,
  ...sides,
  ...desserts,
  ...drinks,
  ...bundles,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.join(out, 'menu/dishes');
  fs.mkdirSync(dir, { recursive: true });
  for (const file of fs.readdirSync(dir)) fs.rmSync(path.join(dir, file));
  let bytes = 0;
  for (const [name, draw] of Object.entries(dishes)) {
    const rand = randomFor(name);
    const svg = frame(name, draw(rand), rand);
    bytes += svg.length;
    fs.writeFileSync(path.join(dir, `${imageSlug(name)}.svg`), svg);
  }
  fs.writeFileSync(path.join(out, 'logo.svg'), logo);
  console.log(`${Object.keys(dishes).length} pictures, ${Math.round(bytes / 1024)} KB in all; and the logo`);
}
