/** Reviewer names, places and review copy, by star rating. */

export const FIRST_NAMES = [
  'Maya',
  'Jonah',
  'Priya',
  'Lucas',
  'Hannah',
  'Diego',
  'Aisha',
  'Owen',
  'Chloe',
  'Mateo',
  'Nora',
  'Kenji',
  'Grace',
  'Samir',
  'Elena',
  'Theo',
  'Zoe',
  'Marcus',
  'Ingrid',
  'Rafael',
  'Leah',
  'Tomás',
  'Ruth',
  'Caleb',
  'Imani',
  'Felix',
  'Sofia',
  'Ethan',
  'Mina',
  'Jude',
];

export const LAST_INITIALS = 'ABCDEFGHJKLMNPRSTW'.split('');

export const PLACES = [
  'Portland, OR',
  'Austin, TX',
  'Brooklyn, NY',
  'Denver, CO',
  'Oakland, CA',
  'Madison, WI',
  'Asheville, NC',
  'Minneapolis, MN',
  'Providence, RI',
  'Tucson, AZ',
  'Burlington, VT',
  'Chicago, IL',
  'Raleigh, NC',
  'Boise, ID',
];

export const REVIEWS_BY_RATING: Record<1 | 2 | 3 | 4 | 5, [string, string][]> = {
  5: [
    [
      'Worth every penny',
      'I have used it almost daily for two months and it still looks new. Already ordered a second one as a gift.',
    ],
    [
      'Better than expected',
      'The quality is obvious the moment you pick it up. Heavier and better finished than the photos suggest.',
    ],
    ['Our new favourite', 'Everyone in the house reaches for this first. The colour is exactly as pictured.'],
    [
      'Beautiful and practical',
      'Looks great on the counter and does the job without any fuss. Shipping was quick, too.',
    ],
    [
      'Five stars, no notes',
      'Well packed, arrived early, and it is just lovely. Would buy again without hesitation.',
    ],
  ],
  4: [
    [
      'Very good, one small gripe',
      'Great quality overall. The colour is a shade lighter than on my screen, but I still like it.',
    ],
    ['Solid buy', 'Does what it says and feels well made. Took a star off because it is a little pricey.'],
    ['Nearly perfect', 'Love it. I wish it came in one more size, but the one I have works well.'],
    ['Happy with it', 'Good weight, nice finish. Delivery took a few days longer than promised.'],
  ],
  3: [
    ['It is fine', 'Nothing wrong with it, but nothing special either. Expected a bit more for the price.'],
    ['Mixed feelings', 'The look is great but it shows wear sooner than I would like.'],
    ['Okay', 'Does the job. Customer service was helpful when I had a question about care.'],
  ],
  2: [
    ['Not for me', 'Smaller than I imagined from the photos, and the finish chipped after a few weeks.'],
    ['Disappointed', 'Arrived with a scratch. The replacement was fine, but it took a while.'],
  ],
  1: [
    ['Would not buy again', 'Cracked within a month of normal use. Returned it for a refund.'],
    ['Poor quality control', 'Mine arrived warped and the colour was nothing like the listing.'],
  ],
};

/** The account holder, whose address book and orders the store shows. */
export const CUSTOMER = { name: 'Jordan Ellis', email: 'jordan.ellis@example.com' };
