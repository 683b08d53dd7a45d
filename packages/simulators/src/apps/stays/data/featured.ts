/**
 * The hand-written part of the seed: the stays, trips, wishlists and messages the test cases name. Listings
 * get ids 1–30 in this order (hosts likewise); every generated listing follows and is rated below 4.9 and
 * priced above the cheapest hand-written ones, so the answers the test cases expect stay what they are.
 */

import type { CancellationPolicy } from '../pricing';

export interface HouseRules {
  checkInFrom: string;
  checkInUntil: string;
  checkoutBy: string;
  pets: boolean;
  smoking: boolean;
  parties: boolean;
  quietHours: string;
}

export const DEFAULT_RULES: HouseRules = {
  checkInFrom: '15:00',
  checkInUntil: '22:00',
  checkoutBy: '11:00',
  pets: false,
  smoking: false,
  parties: false,
  quietHours: '22:00–08:00',
};

export interface FeaturedListing {
  city: string;
  host: [name: string, superhost: boolean];
  title: string;
  type: 'apartment' | 'house' | 'loft' | 'cabin' | 'villa' | 'guesthouse';
  neighborhood: string;
  description: string;
  guests: number;
  bedrooms: number;
  beds: number;
  baths: number;
  nightly: number;
  cleaning: number;
  weeklyPct?: number;
  minNights?: number;
  policy: CancellationPolicy;
  rating: number;
  reviews: number;
  amenities: string[];
  rules?: Partial<HouseRules>;
  rank: number;
  seasons?: [name: string, starts: string, ends: string, nightly: number][];
  reserved?: [starts: string, ends: string][];
}

const ESSENTIALS = ['Wifi', 'Kitchen', 'Heating', 'Coffee maker'];

export const FEATURED_LISTINGS: FeaturedListing[] = [
  {
    // 1
    city: 'Lisbon',
    host: ['Inês Carvalho', true],
    title: 'Alfama Rooftop Loft with River View',
    type: 'loft',
    neighborhood: 'Alfama',
    description:
      'A whitewashed loft at the top of a 19th-century building, with a private roof terrace looking over the Tagus and the terracotta roofs of Alfama. Fado drifts up from the restaurants below until midnight.',
    guests: 3,
    bedrooms: 1,
    beds: 2,
    baths: 1,
    nightly: 145,
    cleaning: 45,
    policy: 'flexible',
    rating: 4.91,
    reviews: 212,
    amenities: [...ESSENTIALS, 'Air conditioning', 'Balcony', 'Self check-in'],
    rank: 5,
  },
  {
    // 2
    city: 'Lisbon',
    host: ['Tiago Mendes', true],
    title: 'Bairro Alto Terrace Studio',
    type: 'apartment',
    neighborhood: 'Bairro Alto',
    description:
      'A compact studio with a sunny terrace above the lanes of Bairro Alto. Double glazing keeps the nightlife outside; the miradouro is two minutes away.',
    guests: 2,
    bedrooms: 1,
    beds: 1,
    baths: 1,
    nightly: 128,
    cleaning: 35,
    policy: 'moderate',
    rating: 4.93,
    reviews: 158,
    amenities: [...ESSENTIALS, 'Washer', 'Balcony', 'Air conditioning'],
    rank: 9,
  },
  {
    // 3
    city: 'Lisbon',
    host: ['Marta Sousa', false],
    title: 'Graça Hilltop Apartment',
    type: 'apartment',
    neighborhood: 'Graça',
    description:
      'Two bedrooms on the quiet top of Graça, next to the 28 tram. Big windows, a long dining table and a view of the castle walls.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 155,
    cleaning: 50,
    policy: 'flexible',
    rating: 4.78,
    reviews: 96,
    amenities: [...ESSENTIALS, 'Washer', 'Dedicated workspace', 'TV'],
    rank: 14,
  },
  {
    // 4
    city: 'Lisbon',
    host: ['Rui Almeida', false],
    title: 'Príncipe Real Accessible Flat',
    type: 'apartment',
    neighborhood: 'Príncipe Real',
    description:
      'A ground-level flat adapted for wheelchair users: level entrance, wide doors, a roll-in shower and grab rails. The garden square of Príncipe Real is across the road.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 98,
    cleaning: 120,
    policy: 'flexible',
    rating: 4.82,
    reviews: 64,
    amenities: [...ESSENTIALS, 'Step-free access', 'Elevator', 'Washer'],
    rank: 31,
  },
  {
    // 5
    city: 'Lisbon',
    host: ['Helena Duarte', true],
    title: 'Campo de Ourique Garden Home',
    type: 'house',
    neighborhood: 'Campo de Ourique',
    description:
      'A single-storey house with a lemon tree in the garden, in the most village-like part of Lisbon. Step-free from the street to every room; the market is around the corner.',
    guests: 4,
    bedrooms: 2,
    beds: 3,
    baths: 1.5,
    nightly: 105,
    cleaning: 30,
    policy: 'moderate',
    rating: 4.76,
    reviews: 88,
    amenities: [...ESSENTIALS, 'Step-free access', 'Washer', 'Garden'],
    rank: 40,
  },
  {
    // 6
    city: 'Lisbon',
    host: ['Paulo Reis', false],
    title: 'Belém Ground-Floor Apartment',
    type: 'apartment',
    neighborhood: 'Belém',
    description:
      'A ground-floor apartment with no steps, near the monastery and the river promenade. Ideal for cyclists and for guests who prefer not to climb.',
    guests: 3,
    bedrooms: 1,
    beds: 2,
    baths: 1,
    nightly: 92,
    cleaning: 35,
    policy: 'strict',
    rating: 4.7,
    reviews: 51,
    amenities: [...ESSENTIALS, 'Step-free access', 'Free parking'],
    rank: 22,
  },
  {
    // 7
    city: 'Porto',
    host: ['Joana Teixeira', true],
    title: 'Ribeira Riverside Cottage',
    type: 'house',
    neighborhood: 'Ribeira',
    description:
      'A narrow stone cottage on the Ribeira waterfront, with the Dom Luís I bridge framed in the bedroom window. Three floors joined by a spiral staircase.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 132,
    cleaning: 40,
    policy: 'moderate',
    rating: 4.88,
    reviews: 143,
    amenities: [...ESSENTIALS, 'Washer', 'TV'],
    rules: { checkInFrom: '16:00', checkInUntil: '22:00', checkoutBy: '11:00', quietHours: '22:00–08:00' },
    rank: 3,
  },
  {
    // 8
    city: 'Porto',
    host: ['Ricardo Moreira', false],
    title: 'Foz do Douro Beach House',
    type: 'house',
    neighborhood: 'Foz do Douro',
    description:
      'A bright family house a block from the Atlantic promenade where the Douro meets the sea. Surfboards in the hall, a barbecue in the yard.',
    guests: 6,
    bedrooms: 3,
    beds: 4,
    baths: 2,
    nightly: 189,
    cleaning: 65,
    policy: 'strict',
    rating: 4.84,
    reviews: 77,
    amenities: [...ESSENTIALS, 'Washer', 'Dryer', 'Free parking', 'Garden'],
    rules: {
      checkInFrom: '15:00',
      checkInUntil: '20:00',
      checkoutBy: '10:00',
      pets: true,
      quietHours: '23:00–08:00',
    },
    rank: 8,
  },
  {
    // 9
    city: 'Porto',
    host: ['Filipa Lopes', false],
    title: 'Bonfim Family Flat',
    type: 'apartment',
    neighborhood: 'Bonfim',
    description:
      'A simple, roomy flat in residential Bonfim with a travel cot and toys for little ones. Metro to the centre in ten minutes.',
    guests: 5,
    bedrooms: 2,
    beds: 3,
    baths: 1,
    nightly: 58,
    cleaning: 25,
    policy: 'flexible',
    rating: 4.61,
    reviews: 39,
    amenities: [...ESSENTIALS, 'Washer', 'Crib', 'High chair'],
    rank: 50,
    reserved: [['2026-04-01', '2026-04-09']],
  },
  {
    // 10
    city: 'Porto',
    host: ['Gonçalo Pinto', false],
    title: 'Cedofeita Garden Duplex',
    type: 'apartment',
    neighborhood: 'Cedofeita',
    description:
      'A duplex over a shared garden in the gallery district of Cedofeita. Bikes to borrow and a big kitchen table.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 64,
    cleaning: 25,
    policy: 'strict',
    rating: 4.68,
    reviews: 45,
    amenities: [...ESSENTIALS, 'Washer', 'Garden', 'Crib'],
    rank: 35,
  },
  {
    // 11
    city: 'Porto',
    host: ['Teresa Castro', true],
    title: 'Miragaia Townhouse with Patio',
    type: 'house',
    neighborhood: 'Miragaia',
    description:
      'A tiled townhouse in old Miragaia with a sheltered patio, two bedrooms and a cot. The riverside tram stops at the end of the lane.',
    guests: 5,
    bedrooms: 2,
    beds: 3,
    baths: 1.5,
    nightly: 69,
    cleaning: 25,
    policy: 'moderate',
    rating: 4.72,
    reviews: 58,
    amenities: [...ESSENTIALS, 'Washer', 'Crib', 'High chair'],
    rank: 44,
  },
  {
    // 12
    city: 'Barcelona',
    host: ['Montse Ferrer', true],
    title: 'Gràcia Garden Apartment',
    type: 'apartment',
    neighborhood: 'Gràcia',
    description:
      'A first-floor apartment opening onto a private garden in Gràcia, among plazas full of children and terraces. Park Güell is a twenty-minute walk uphill.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 168,
    cleaning: 55,
    policy: 'moderate',
    rating: 4.92,
    reviews: 187,
    amenities: [...ESSENTIALS, 'Washer', 'Air conditioning', 'Garden'],
    rank: 4,
  },
  {
    // 13
    city: 'Barcelona',
    host: ['Oriol Casals', true],
    title: 'Eixample Modernist Apartment',
    type: 'apartment',
    neighborhood: 'Eixample',
    description:
      'High ceilings, mosaic floors and a gallery balcony in a 1905 modernista building on a chamfered corner of the Eixample.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 2,
    nightly: 215,
    cleaning: 60,
    policy: 'moderate',
    rating: 4.97,
    reviews: 264,
    amenities: [...ESSENTIALS, 'Washer', 'Air conditioning', 'Elevator', 'Balcony'],
    rank: 17,
    reserved: [['2026-07-08', '2026-07-16']],
  },
  {
    // 14
    city: 'Barcelona',
    host: ['Sergi Vila', false],
    title: 'Barceloneta Beach Loft',
    type: 'loft',
    neighborhood: 'Barceloneta',
    description:
      'An open-plan loft forty steps from the sand, with a hammock on the balcony and paella nearby.',
    guests: 3,
    bedrooms: 1,
    beds: 2,
    baths: 1,
    nightly: 190,
    cleaning: 50,
    policy: 'flexible',
    rating: 4.9,
    reviews: 120,
    amenities: [...ESSENTIALS, 'Air conditioning', 'Balcony'],
    rank: 11,
  },
  {
    // 15
    city: 'Barcelona',
    host: ['Laia Soler', true],
    title: 'Poblenou Design Loft',
    type: 'loft',
    neighborhood: 'Poblenou',
    description:
      'A converted textile workshop in Poblenou with concrete floors, a long oak desk and the Rambla del Poblenou at the corner.',
    guests: 4,
    bedrooms: 1,
    beds: 2,
    baths: 1,
    nightly: 175,
    cleaning: 50,
    policy: 'moderate',
    rating: 4.95,
    reviews: 142,
    amenities: [...ESSENTIALS, 'Washer', 'Dedicated workspace', 'Air conditioning'],
    rank: 46,
  },
  {
    // 16
    city: 'Barcelona',
    host: ['Albert Roca', false],
    title: 'Sagrada Família Bright Flat',
    type: 'apartment',
    neighborhood: 'Sagrada Família',
    description: 'A bright flat with a view of the basilica towers from the kitchen window.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 142,
    cleaning: 45,
    policy: 'moderate',
    rating: 4.81,
    reviews: 99,
    amenities: [...ESSENTIALS, 'Washer', 'Air conditioning', 'Elevator'],
    rank: 27,
  },
  {
    // 17
    city: 'Barcelona',
    host: ['Carme Pujol', false],
    title: 'El Born Stone Apartment',
    type: 'apartment',
    neighborhood: 'El Born',
    description: 'Bare stone walls and wooden beams in a medieval street behind Santa Maria del Mar.',
    guests: 3,
    bedrooms: 1,
    beds: 2,
    baths: 1,
    nightly: 158,
    cleaning: 45,
    policy: 'flexible',
    rating: 4.74,
    reviews: 83,
    amenities: [...ESSENTIALS, 'Air conditioning'],
    rank: 33,
  },
  {
    // 18
    city: 'Seville',
    host: ['Rocío Morales', true],
    title: 'Old Town Courtyard House',
    type: 'house',
    neighborhood: 'Santa Cruz',
    description:
      'A traditional Sevillian house around a tiled courtyard with a fountain, in the lanes of Santa Cruz. Built for long stays: weekly guests get 15% off.',
    guests: 6,
    bedrooms: 3,
    beds: 3,
    baths: 2,
    nightly: 195,
    cleaning: 70,
    weeklyPct: 15,
    policy: 'moderate',
    rating: 4.86,
    reviews: 131,
    amenities: [...ESSENTIALS, 'Washer', 'Air conditioning', 'Pool'],
    rank: 6,
  },
  {
    // 19
    city: 'Seville',
    host: ['Manuel Herrera', false],
    title: 'Triana Tile House',
    type: 'house',
    neighborhood: 'Triana',
    description:
      "A potter's house in Triana decorated with the neighbourhood's own azulejos, with a roof terrace facing the cathedral across the river.",
    guests: 5,
    bedrooms: 3,
    beds: 3,
    baths: 2,
    nightly: 260,
    cleaning: 80,
    policy: 'strict',
    rating: 4.83,
    reviews: 74,
    amenities: [...ESSENTIALS, 'Washer', 'Air conditioning', 'Balcony'],
    rank: 12,
  },
  {
    // 20
    city: 'Kyoto',
    host: ['Keiko Fujita', true],
    title: 'Higashiyama Tea House',
    type: 'house',
    neighborhood: 'Higashiyama',
    description:
      'A former tea house below Kiyomizu-dera with tatami rooms, a cypress bath and a moss garden. In autumn the maples outside turn scarlet.',
    guests: 4,
    bedrooms: 2,
    beds: 3,
    baths: 1,
    nightly: 180,
    cleaning: 90,
    policy: 'moderate',
    rating: 4.98,
    reviews: 176,
    amenities: [...ESSENTIALS, 'Washer', 'Air conditioning'],
    rank: 2,
    seasons: [['Autumn leaves', '2026-10-01', '2026-12-01', 210]],
  },
  {
    // 21
    city: 'Kyoto',
    host: ['Daisuke Mori', true],
    title: 'Kamogawa Riverside Machiya',
    type: 'house',
    neighborhood: 'Nakagyō',
    description:
      'A restored machiya townhouse a few steps from the Kamo river, with a small kitchen, a washer and a garden room for slow mornings.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 170,
    cleaning: 80,
    policy: 'moderate',
    rating: 4.95,
    reviews: 140,
    amenities: [...ESSENTIALS, 'Washer', 'Air conditioning', 'Dedicated workspace'],
    rank: 15,
  },
  {
    // 22
    city: 'Kyoto',
    host: ['Ayumi Ishikawa', false],
    title: 'Demachiyanagi Courtyard House',
    type: 'house',
    neighborhood: 'Sakyō',
    description:
      'A quiet courtyard house near the Demachiyanagi stepping stones. Made for long stays: 20% off for a week or more.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 190,
    cleaning: 60,
    weeklyPct: 20,
    policy: 'flexible',
    rating: 4.92,
    reviews: 118,
    amenities: [...ESSENTIALS, 'Washer', 'Dryer', 'Air conditioning'],
    rank: 28,
  },
  {
    // 23
    city: 'Kyoto',
    host: ['Hiroshi Kato', true],
    title: 'Gion Machiya Townhouse',
    type: 'house',
    neighborhood: 'Gion',
    description:
      'A lantern-lit townhouse in Gion with a hinoki tub and a tiny zen garden. Three nights minimum, so you can slow down to Kyoto time.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 230,
    cleaning: 70,
    minNights: 3,
    policy: 'moderate',
    rating: 4.99,
    reviews: 201,
    amenities: [...ESSENTIALS, 'Air conditioning', 'Self check-in'],
    rank: 7,
  },
  {
    // 24
    city: 'Kyoto',
    host: ['Naomi Sato', false],
    title: 'Arashiyama Bamboo Retreat',
    type: 'house',
    neighborhood: 'Arashiyama',
    description: 'A wooden house at the edge of the bamboo grove, with an engawa veranda over the garden.',
    guests: 5,
    bedrooms: 2,
    beds: 3,
    baths: 1,
    nightly: 160,
    cleaning: 60,
    policy: 'moderate',
    rating: 4.85,
    reviews: 92,
    amenities: [...ESSENTIALS, 'Garden', 'Free parking'],
    rank: 20,
  },
  {
    // 25
    city: 'Reykjavik',
    host: ['Guðrún Jónsdóttir', true],
    title: 'Lava Field Cabin with Hot Tub',
    type: 'cabin',
    neighborhood: 'Grafarholt',
    description:
      'A timber cabin on the lava field at the edge of town, with a geothermal hot tub on the deck and dark skies for the aurora. Two nights minimum.',
    guests: 4,
    bedrooms: 2,
    beds: 2,
    baths: 1,
    nightly: 210,
    cleaning: 60,
    minNights: 2,
    policy: 'moderate',
    rating: 4.89,
    reviews: 97,
    amenities: [...ESSENTIALS, 'Hot tub', 'Free parking', 'Washer'],
    rank: 5,
  },
  {
    // 26
    city: 'Reykjavik',
    host: ['Einar Björnsson', false],
    title: 'Northern Lights Glass Cabin',
    type: 'cabin',
    neighborhood: 'Mosfellsbær',
    description: 'A glass-roofed cabin for two where you can watch the northern lights from bed.',
    guests: 2,
    bedrooms: 1,
    beds: 1,
    baths: 1,
    nightly: 320,
    cleaning: 50,
    policy: 'strict',
    rating: 4.88,
    reviews: 85,
    amenities: ['Wifi', 'Heating', 'Coffee maker', 'Hot tub', 'Free parking'],
    rank: 10,
  },
  {
    // 27
    city: 'Reykjavik',
    host: ['Sigríður Helgadóttir', true],
    title: 'Esja View Family Villa',
    type: 'villa',
    neighborhood: 'Mosfellsbær',
    description:
      'A large family villa facing Mount Esja, with five bedrooms, a sauna and a playroom. Room for big groups and their boots.',
    guests: 10,
    bedrooms: 5,
    beds: 7,
    baths: 3,
    nightly: 480,
    cleaning: 120,
    policy: 'moderate',
    rating: 4.86,
    reviews: 64,
    amenities: [...ESSENTIALS, 'Washer', 'Dryer', 'Hot tub', 'Free parking'],
    rank: 21,
  },
  {
    // 28
    city: 'Reykjavik',
    host: ['Ólafur Þórsson', false],
    title: 'Grótta Lighthouse House',
    type: 'house',
    neighborhood: 'Seltjarnarnes',
    description: 'A keeper-style house by the Grótta lighthouse, four bedrooms and a long table by the sea.',
    guests: 8,
    bedrooms: 4,
    beds: 6,
    baths: 2,
    nightly: 390,
    cleaning: 100,
    policy: 'flexible',
    rating: 4.74,
    reviews: 58,
    amenities: [...ESSENTIALS, 'Washer', 'Free parking'],
    rank: 34,
  },
  {
    // 29
    city: 'Reykjavik',
    host: ['Katrín Einarsdóttir', false],
    title: 'Laugavegur Penthouse',
    type: 'apartment',
    neighborhood: 'Miðborg',
    description: 'A penthouse over the main shopping street with four bedrooms and a roof terrace.',
    guests: 8,
    bedrooms: 4,
    beds: 5,
    baths: 2,
    nightly: 350,
    cleaning: 90,
    policy: 'moderate',
    rating: 4.52,
    reviews: 47,
    amenities: [...ESSENTIALS, 'Washer', 'Elevator'],
    rank: 16,
  },
  {
    // 30
    city: 'Reykjavik',
    host: ['Bjarni Kristjánsson', true],
    title: 'Hallgrímskirkja Loft Suite',
    type: 'loft',
    neighborhood: 'Skólavörðuholt',
    description: 'A loft suite for eight in the shadow of Hallgrímskirkja, with bunk rooms and a long sofa.',
    guests: 8,
    bedrooms: 3,
    beds: 6,
    baths: 2,
    nightly: 420,
    cleaning: 90,
    policy: 'moderate',
    rating: 4.9,
    reviews: 71,
    amenities: [...ESSENTIALS, 'Washer', 'Dryer'],
    rank: 25,
    reserved: [['2026-08-15', '2026-08-17']],
  },
];

export const PAYMENT_METHODS: [brand: string, last4: string, expires: string, isDefault: boolean][] = [
  ['Visa', '4242', '2028-08', true],
  ['Mastercard', '5100', '2026-01', false],
  ['Amex', '1005', '2027-11', false],
];

export interface FeaturedTrip {
  code: string;
  listing: number;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  status: 'confirmed' | 'cancelled';
  bookedOn: string;
  message?: string;
  review?: [rating: number, body: string];
}

/** The traveller's trips; bookings get ids 1… in this order. Today is Monday, March 2, 2026. */
export const FEATURED_TRIPS: FeaturedTrip[] = [
  {
    code: 'RM-2MB7KR',
    listing: 1,
    checkIn: '2025-08-02',
    checkOut: '2025-08-06',
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedOn: '2025-05-11',
    review: [
      5,
      'The terrace at sunset is unforgettable. Inês left us a bottle of vinho verde and a list of fado bars.',
    ],
  },
  {
    code: 'RM-3BF6YJ',
    listing: 9,
    checkIn: '2025-06-13',
    checkOut: '2025-06-16',
    adults: 2,
    children: 1,
    status: 'cancelled',
    bookedOn: '2025-04-02',
  },
  {
    code: 'RM-8HX2PD',
    listing: 17,
    checkIn: '2025-10-10',
    checkOut: '2025-10-14',
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedOn: '2025-08-20',
  },
  {
    code: 'RM-3TQ9WZ',
    listing: 24,
    checkIn: '2025-11-20',
    checkOut: '2025-11-24',
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedOn: '2025-09-02',
  },
  {
    code: 'RM-6JN4CV',
    listing: 26,
    checkIn: '2026-01-16',
    checkOut: '2026-01-19',
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedOn: '2025-11-28',
  },
  {
    code: 'RM-5PR8LS',
    listing: 8,
    checkIn: '2026-03-20',
    checkOut: '2026-03-23',
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedOn: '2026-01-14',
    message: 'Hi Ricardo, we will arrive by car around 17:00.',
  },
  {
    code: 'RM-4K7Q2B',
    listing: 16,
    checkIn: '2026-03-27',
    checkOut: '2026-03-31',
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedOn: '2026-02-03',
  },
  {
    code: 'RM-7SV3TN',
    listing: 19,
    checkIn: '2026-04-08',
    checkOut: '2026-04-12',
    adults: 2,
    children: 1,
    status: 'confirmed',
    bookedOn: '2026-02-10',
  },
  {
    code: 'RM-9LG5HA',
    listing: 3,
    checkIn: '2026-04-09',
    checkOut: '2026-04-13',
    adults: 2,
    children: 1,
    status: 'confirmed',
    bookedOn: '2026-02-21',
  },
];

/** Wishlists (ids 1–3) and what was saved to them, oldest first. Numbers above 30 are generated listings. */
export const FEATURED_WISHLISTS: [name: string, listings: number[]][] = [
  ['Summer ideas', [13, 2, 26, 24]],
  ['Lisbon 2026', [3, 4]],
  ['Someday', [41, 118, 236, 301]],
];

/** Conversations with hosts: [listing, from the guest?, body, sent at]. */
export const FEATURED_MESSAGES: [number, boolean, string, string][] = [
  [8, true, 'Hi Ricardo, is there space to park a car at the house?', '2026-01-14T18:20:00.000Z'],
  [
    8,
    false,
    'Hi Riley! Yes, there is a free spot in front of the garage. See you in March.',
    '2026-01-14T19:02:00.000Z',
  ],
  [16, true, 'Can we leave our bags before check-in on the 27th?', '2026-02-04T10:11:00.000Z'],
  [16, false, 'Of course, from 11:00 the cleaner is there. Just ring the bell.', '2026-02-04T12:40:00.000Z'],
  [1, true, 'Thank you for a wonderful stay!', '2025-08-06T09:30:00.000Z'],
  [1, false, 'Thank you, Riley, come back any time.', '2025-08-06T10:05:00.000Z'],
];
