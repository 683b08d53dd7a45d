/**
 * Word lists for the generated catalog: categories with the kinds of goods they sell, their sizes and
 * price points, adjectives, brands and colours. Hand-written so the store reads like a real one.
 */

export interface ItemTemplate {
  noun: string;
  /** [size label, price in cents] — a size changes the price, as it does on real product pages. */
  sizes: [string, number][];
  materials: string[];
  care: string;
  colors: number;
}

export interface CategoryTemplate {
  slug: string;
  name: string;
  blurb: string;
  icon: string;
  adjectives: string[];
  items: ItemTemplate[];
}

export const COLORS: [string, string][] = [
  ['Oat', '#d8cbb3'],
  ['Sage', '#9caf88'],
  ['Blue', '#3f6e9e'],
  ['Charcoal', '#3c3f44'],
  ['Clay', '#b86f52'],
  ['Fog', '#c9cdd2'],
  ['Ivory', '#f1ece1'],
  ['Olive', '#6b6b3a'],
  ['Rust', '#a4492b'],
  ['Navy', '#243a5e'],
  ['Blush', '#e3b7ad'],
  ['Forest', '#2f5140'],
  ['Mustard', '#c99a2e'],
  ['Slate', '#5d6d7e'],
  ['White', '#fafafa'],
  ['Black', '#1e1e1e'],
];

export const CATEGORIES: CategoryTemplate[] = [
  {
    slug: 'cookware',
    name: 'Cookware',
    blurb: 'Pans, pots and ovenware built to outlast the recipe book.',
    icon: 'pan',
    adjectives: [
      'Tri-Ply',
      'Enameled',
      'Pre-Seasoned',
      'Hard-Anodized',
      'Classic',
      'Professional',
      'Heritage',
    ],
    items: [
      {
        noun: 'Cast Iron Skillet',
        sizes: [
          ['8 in', 2900],
          ['10 in', 3900],
          ['12 in', 4900],
        ],
        materials: ['Cast iron'],
        care: 'Hand wash, dry immediately and oil lightly.',
        colors: 1,
      },
      {
        noun: 'Dutch Oven',
        sizes: [
          ['3.5 qt', 11900],
          ['5.5 qt', 15900],
          ['7.25 qt', 19900],
        ],
        materials: ['Enameled cast iron'],
        care: 'Dishwasher safe; hand washing keeps the enamel bright.',
        colors: 3,
      },
      {
        noun: 'Sauté Pan',
        sizes: [
          ['3 qt', 8900],
          ['5 qt', 11900],
        ],
        materials: ['Stainless steel, aluminium core'],
        care: 'Dishwasher safe.',
        colors: 1,
      },
      {
        noun: 'Saucepan',
        sizes: [
          ['1.5 qt', 5900],
          ['3 qt', 7900],
        ],
        materials: ['Stainless steel'],
        care: 'Dishwasher safe.',
        colors: 1,
      },
      {
        noun: 'Carbon Steel Wok',
        sizes: [
          ['12 in', 5900],
          ['14 in', 6900],
        ],
        materials: ['Carbon steel'],
        care: 'Hand wash and re-season as needed.',
        colors: 1,
      },
      {
        noun: 'Nonstick Fry Pan',
        sizes: [
          ['8 in', 3400],
          ['10 in', 4400],
          ['12 in', 5400],
        ],
        materials: ['Ceramic nonstick over aluminium'],
        care: 'Hand wash with a soft sponge.',
        colors: 3,
      },
      {
        noun: 'Stockpot',
        sizes: [
          ['8 qt', 8900],
          ['12 qt', 10900],
        ],
        materials: ['Stainless steel'],
        care: 'Dishwasher safe.',
        colors: 1,
      },
      {
        noun: 'Roasting Pan',
        sizes: [
          ['14 in', 7900],
          ['16 in', 9400],
        ],
        materials: ['Stainless steel'],
        care: 'Dishwasher safe.',
        colors: 1,
      },
    ],
  },
  {
    slug: 'tableware',
    name: 'Tableware',
    blurb: 'Stoneware and glass for everyday meals and long dinners.',
    icon: 'mug',
    adjectives: ['Stoneware', 'Reactive Glaze', 'Speckled', 'Hand-Thrown', 'Matte', 'Coupe', 'Rimmed'],
    items: [
      {
        noun: 'Dinner Plates, Set of 4',
        sizes: [['10.5 in', 5600]],
        materials: ['Stoneware'],
        care: 'Dishwasher and microwave safe.',
        colors: 4,
      },
      {
        noun: 'Pasta Bowls, Set of 4',
        sizes: [['9 in', 5200]],
        materials: ['Stoneware'],
        care: 'Dishwasher and microwave safe.',
        colors: 4,
      },
      {
        noun: 'Serving Bowl',
        sizes: [
          ['Medium', 3800],
          ['Large', 4800],
        ],
        materials: ['Stoneware'],
        care: 'Dishwasher safe.',
        colors: 3,
      },
      {
        noun: 'Tumblers, Set of 6',
        sizes: [
          ['10 oz', 3200],
          ['14 oz', 3800],
        ],
        materials: ['Recycled glass'],
        care: 'Dishwasher safe.',
        colors: 2,
      },
      {
        noun: 'Wine Glasses, Set of 4',
        sizes: [
          ['Red', 4400],
          ['White', 4200],
        ],
        materials: ['Lead-free crystal'],
        care: 'Hand wash recommended.',
        colors: 1,
      },
      {
        noun: 'Espresso Cups, Set of 2',
        sizes: [['3 oz', 2400]],
        materials: ['Porcelain'],
        care: 'Dishwasher safe.',
        colors: 3,
      },
      {
        noun: 'Salad Plates, Set of 4',
        sizes: [['8 in', 4400]],
        materials: ['Stoneware'],
        care: 'Dishwasher and microwave safe.',
        colors: 4,
      },
    ],
  },
  {
    slug: 'kitchen-tools',
    name: 'Kitchen Tools',
    blurb: 'Knives, boards and the small tools you reach for every day.',
    icon: 'knife',
    adjectives: ['End-Grain', 'Forged', 'Olivewood', 'Silicone', 'Acacia', 'Precision', 'Pro'],
    items: [
      {
        noun: "Chef's Knife",
        sizes: [
          ['6 in', 6900],
          ['8 in', 8900],
        ],
        materials: ['High-carbon German steel'],
        care: 'Hand wash and dry. Hone weekly.',
        colors: 1,
      },
      {
        noun: 'Cutting Board',
        sizes: [
          ['Medium', 4500],
          ['Large', 6500],
        ],
        materials: ['Maple'],
        care: 'Hand wash; oil monthly.',
        colors: 1,
      },
      {
        noun: 'Serving Board',
        sizes: [
          ['18 in', 5400],
          ['24 in', 6900],
        ],
        materials: ['Walnut'],
        care: 'Hand wash; oil monthly.',
        colors: 1,
      },
      {
        noun: 'Utensil Set, 5 Piece',
        sizes: [['Standard', 3400]],
        materials: ['Silicone and beech'],
        care: 'Dishwasher safe.',
        colors: 3,
      },
      {
        noun: 'Pepper Mill',
        sizes: [
          ['6 in', 3600],
          ['9 in', 4400],
        ],
        materials: ['Beech, ceramic grinder'],
        care: 'Wipe clean.',
        colors: 3,
      },
      {
        noun: 'Mixing Bowls, Set of 3',
        sizes: [['Nested', 4200]],
        materials: ['Stainless steel'],
        care: 'Dishwasher safe.',
        colors: 2,
      },
      {
        noun: 'Measuring Cups',
        sizes: [['Set of 6', 2200]],
        materials: ['Stainless steel'],
        care: 'Dishwasher safe.',
        colors: 1,
      },
      {
        noun: 'Kitchen Scale',
        sizes: [['11 lb', 3900]],
        materials: ['Tempered glass'],
        care: 'Wipe clean.',
        colors: 2,
      },
    ],
  },
  {
    slug: 'bedding',
    name: 'Bedding',
    blurb: 'Linen, percale and sateen, washed soft before they reach you.',
    icon: 'bed',
    adjectives: ['Stonewashed', 'Belgian', 'Organic', 'Percale', 'Sateen', 'Waffle-Weave', 'Brushed'],
    items: [
      {
        noun: 'Linen Sheet Set',
        sizes: [
          ['Twin', 16900],
          ['Full', 19900],
          ['Queen', 21900],
          ['King', 24900],
        ],
        materials: ['100% European flax linen'],
        care: 'Machine wash warm, tumble dry low.',
        colors: 4,
      },
      {
        noun: 'Duvet Cover',
        sizes: [
          ['Full/Queen', 18900],
          ['King/Cal King', 21900],
        ],
        materials: ['Linen'],
        care: 'Machine wash warm, tumble dry low.',
        colors: 4,
      },
      {
        noun: 'Quilt',
        sizes: [
          ['Full/Queen', 16900],
          ['King', 19900],
        ],
        materials: ['Cotton'],
        care: 'Machine wash cold, line dry.',
        colors: 3,
      },
      {
        noun: 'Pillowcases, Set of 2',
        sizes: [
          ['Standard', 4900],
          ['King', 5900],
        ],
        materials: ['Cotton percale'],
        care: 'Machine wash warm.',
        colors: 4,
      },
      {
        noun: 'Throw Blanket',
        sizes: [['50 × 70 in', 8900]],
        materials: ['Merino wool'],
        care: 'Dry clean or hand wash cold.',
        colors: 4,
      },
      {
        noun: 'Down Alternative Pillow',
        sizes: [
          ['Standard', 6900],
          ['King', 7900],
        ],
        materials: ['Recycled microfibre fill'],
        care: 'Machine wash gentle.',
        colors: 1,
      },
    ],
  },
  {
    slug: 'bath',
    name: 'Bath',
    blurb: 'Plush towels, robes and bath mats for slow mornings.',
    icon: 'towel',
    adjectives: ['Turkish', 'Plush', 'Waffle', 'Organic', 'Quick-Dry', 'Ribbed', 'Spa'],
    items: [
      {
        noun: 'Bath Towel',
        sizes: [
          ['Bath', 3400],
          ['Bath Sheet', 4600],
        ],
        materials: ['Turkish cotton'],
        care: 'Machine wash warm, tumble dry.',
        colors: 5,
      },
      {
        noun: 'Towel Set, 6 Piece',
        sizes: [['Standard', 9800]],
        materials: ['Organic cotton'],
        care: 'Machine wash warm, tumble dry.',
        colors: 4,
      },
      {
        noun: 'Bath Mat',
        sizes: [
          ['20 × 32 in', 3900],
          ['24 × 40 in', 4900],
        ],
        materials: ['Cotton'],
        care: 'Machine wash, tumble dry low.',
        colors: 4,
      },
      {
        noun: 'Robe',
        sizes: [
          ['S/M', 9800],
          ['L/XL', 9800],
        ],
        materials: ['Cotton waffle'],
        care: 'Machine wash warm.',
        colors: 3,
      },
      {
        noun: 'Shower Curtain',
        sizes: [['72 × 72 in', 5800]],
        materials: ['Linen-cotton blend'],
        care: 'Machine wash cold.',
        colors: 3,
      },
      {
        noun: 'Hand Towels, Set of 2',
        sizes: [['16 × 30 in', 2800]],
        materials: ['Turkish cotton'],
        care: 'Machine wash warm.',
        colors: 5,
      },
    ],
  },
  {
    slug: 'decor',
    name: 'Home Décor',
    blurb: 'Vases, frames, cushions and the finishing touches.',
    icon: 'vase',
    adjectives: ['Handwoven', 'Textured', 'Ribbed', 'Ceramic', 'Rattan', 'Boucle', 'Washed'],
    items: [
      {
        noun: 'Vase',
        sizes: [
          ['Small', 3200],
          ['Medium', 4800],
          ['Large', 6800],
        ],
        materials: ['Stoneware'],
        care: 'Wipe clean.',
        colors: 4,
      },
      {
        noun: 'Throw Pillow Cover',
        sizes: [
          ['20 × 20 in', 3800],
          ['22 × 22 in', 4400],
        ],
        materials: ['Linen'],
        care: 'Machine wash cold.',
        colors: 5,
      },
      {
        noun: 'Table Lamp',
        sizes: [['Standard', 14900]],
        materials: ['Ceramic base, linen shade'],
        care: 'Dust with a dry cloth.',
        colors: 3,
      },
      {
        noun: 'Wall Mirror',
        sizes: [
          ['24 in', 12900],
          ['30 in', 15900],
        ],
        materials: ['Iron frame, glass'],
        care: 'Glass cleaner on the mirror only.',
        colors: 2,
      },
      {
        noun: 'Picture Frame',
        sizes: [
          ['5 × 7 in', 2400],
          ['8 × 10 in', 3200],
        ],
        materials: ['Oak'],
        care: 'Dust with a dry cloth.',
        colors: 2,
      },
      {
        noun: 'Woven Basket',
        sizes: [
          ['Medium', 4400],
          ['Large', 5900],
        ],
        materials: ['Seagrass'],
        care: 'Spot clean.',
        colors: 1,
      },
      {
        noun: 'Tablecloth',
        sizes: [
          ['60 × 90 in', 11600],
          ['60 × 120 in', 13600],
        ],
        materials: ['Belgian linen'],
        care: 'Machine wash warm, line dry.',
        colors: 3,
      },
    ],
  },
  {
    slug: 'storage',
    name: 'Storage',
    blurb: 'Canisters, jars and bins that keep counters calm.',
    icon: 'jar',
    adjectives: ['Airtight', 'Stackable', 'Bamboo-Lid', 'Glass', 'Modular', 'Woven', 'Nesting'],
    items: [
      {
        noun: 'Pantry Canister',
        sizes: [
          ['1 qt', 1900],
          ['2 qt', 2400],
          ['3 qt', 2900],
        ],
        materials: ['Borosilicate glass, bamboo lid'],
        care: 'Glass is dishwasher safe; wipe the lid.',
        colors: 1,
      },
      {
        noun: 'Food Storage Set, 10 Piece',
        sizes: [['Standard', 5400]],
        materials: ['Glass, BPA-free lids'],
        care: 'Dishwasher, oven and freezer safe (without lids).',
        colors: 1,
      },
      {
        noun: 'Storage Bin',
        sizes: [
          ['Small', 2400],
          ['Large', 3600],
        ],
        materials: ['Felt'],
        care: 'Spot clean.',
        colors: 4,
      },
      {
        noun: 'Spice Jars, Set of 12',
        sizes: [['4 oz', 3900]],
        materials: ['Glass'],
        care: 'Dishwasher safe.',
        colors: 1,
      },
      {
        noun: 'Bread Box',
        sizes: [['Standard', 6400]],
        materials: ['Powder-coated steel, bamboo'],
        care: 'Wipe clean.',
        colors: 3,
      },
    ],
  },
  {
    slug: 'candles',
    name: 'Candles & Scents',
    blurb: 'Soy candles and diffusers poured in small batches.',
    icon: 'candle',
    adjectives: ['Cedar & Smoke', 'Fig Leaf', 'Sea Salt', 'Amber', 'White Tea', 'Orange Blossom', 'Juniper'],
    items: [
      {
        noun: 'Soy Candle',
        sizes: [
          ['8 oz', 2800],
          ['14 oz', 4200],
        ],
        materials: ['Soy wax, cotton wick'],
        care: 'Trim the wick to 1/4 in before each burn.',
        colors: 1,
      },
      {
        noun: 'Reed Diffuser',
        sizes: [
          ['100 ml', 3600],
          ['200 ml', 5400],
        ],
        materials: ['Fragrance oil, rattan reeds'],
        care: 'Flip the reeds weekly.',
        colors: 1,
      },
      {
        noun: 'Three-Wick Candle',
        sizes: [['21 oz', 6400]],
        materials: ['Soy wax'],
        care: 'Burn for at least an hour the first time.',
        colors: 1,
      },
      {
        noun: 'Room Spray',
        sizes: [['4 oz', 2200]],
        materials: ['Essential oils'],
        care: 'Shake before use.',
        colors: 1,
      },
    ],
  },
];

export const BRANDS = [
  'Hearth & Harbor',
  'Ironwood Foundry',
  'Marlow Linen Co.',
  'Fjordware',
  'Cobble & Clay',
  'Saltmarsh Home',
  'Northbay Kitchen',
  'Tallow & Wick',
  'Alder Street',
  'Bramble Mill',
  'Kettle Creek',
  'Otterly Home',
];

/** Sentences of product copy; each description takes two or three. */
export const DESCRIPTION_LINES = [
  'Designed in our Portland studio and made to be used every day.',
  'Built to last for decades and get better with every use.',
  'A quiet, considered shape that works with everything you already own.',
  'Tested in our kitchen for six months before it earned a place in the shop.',
  'Made in small batches, so every piece varies slightly in tone.',
  'Generously sized without taking over the cupboard.',
  'Finished by hand and inspected twice before it ships.',
  'Pairs with the rest of the collection for an easy, layered look.',
  'Backed by our 30-day returns and a one-year warranty.',
  'Packed in plastic-free, recycled packaging.',
];
