/** The airports Skyway sells, with their coordinates (for distances, hence durations and fares). */
export interface Airport {
  code: string;
  city: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
  hub?: boolean;
}

export const AIRPORTS: Airport[] = [
  {
    code: 'ATL',
    city: 'Atlanta',
    name: 'Hartsfield–Jackson Atlanta International',
    country: 'US',
    lat: 33.64,
    lon: -84.43,
    hub: true,
  },
  {
    code: 'AUS',
    city: 'Austin',
    name: 'Austin–Bergstrom International',
    country: 'US',
    lat: 30.19,
    lon: -97.67,
  },
  { code: 'BNA', city: 'Nashville', name: 'Nashville International', country: 'US', lat: 36.12, lon: -86.68 },
  { code: 'BOS', city: 'Boston', name: 'Logan International', country: 'US', lat: 42.36, lon: -71.01 },
  {
    code: 'BWI',
    city: 'Baltimore',
    name: 'Baltimore/Washington International',
    country: 'US',
    lat: 39.18,
    lon: -76.67,
  },
  {
    code: 'CLT',
    city: 'Charlotte',
    name: 'Charlotte Douglas International',
    country: 'US',
    lat: 35.21,
    lon: -80.94,
  },
  {
    code: 'DCA',
    city: 'Washington',
    name: 'Ronald Reagan Washington National',
    country: 'US',
    lat: 38.85,
    lon: -77.04,
  },
  {
    code: 'DEN',
    city: 'Denver',
    name: 'Denver International',
    country: 'US',
    lat: 39.86,
    lon: -104.67,
    hub: true,
  },
  {
    code: 'DFW',
    city: 'Dallas',
    name: 'Dallas/Fort Worth International',
    country: 'US',
    lat: 32.9,
    lon: -97.04,
    hub: true,
  },
  {
    code: 'DTW',
    city: 'Detroit',
    name: 'Detroit Metropolitan Wayne County',
    country: 'US',
    lat: 42.21,
    lon: -83.35,
  },
  {
    code: 'EWR',
    city: 'Newark',
    name: 'Newark Liberty International',
    country: 'US',
    lat: 40.69,
    lon: -74.17,
  },
  {
    code: 'FLL',
    city: 'Fort Lauderdale',
    name: 'Fort Lauderdale–Hollywood International',
    country: 'US',
    lat: 26.07,
    lon: -80.15,
  },
  {
    code: 'HNL',
    city: 'Honolulu',
    name: 'Daniel K. Inouye International',
    country: 'US',
    lat: 21.32,
    lon: -157.92,
  },
  {
    code: 'IAH',
    city: 'Houston',
    name: 'George Bush Intercontinental',
    country: 'US',
    lat: 29.98,
    lon: -95.34,
  },
  {
    code: 'JFK',
    city: 'New York',
    name: 'John F. Kennedy International',
    country: 'US',
    lat: 40.64,
    lon: -73.78,
    hub: true,
  },
  {
    code: 'LAS',
    city: 'Las Vegas',
    name: 'Harry Reid International',
    country: 'US',
    lat: 36.08,
    lon: -115.15,
  },
  {
    code: 'LAX',
    city: 'Los Angeles',
    name: 'Los Angeles International',
    country: 'US',
    lat: 33.94,
    lon: -118.41,
    hub: true,
  },
  { code: 'MCO', city: 'Orlando', name: 'Orlando International', country: 'US', lat: 28.43, lon: -81.31 },
  { code: 'MIA', city: 'Miami', name: 'Miami International', country: 'US', lat: 25.8, lon: -80.29 },
  {
    code: 'MSP',
    city: 'Minneapolis',
    name: 'Minneapolis–Saint Paul International',
    country: 'US',
    lat: 44.88,
    lon: -93.22,
  },
  {
    code: 'MSY',
    city: 'New Orleans',
    name: 'Louis Armstrong New Orleans International',
    country: 'US',
    lat: 29.99,
    lon: -90.26,
  },
  {
    code: 'ORD',
    city: 'Chicago',
    name: "O'Hare International",
    country: 'US',
    lat: 41.98,
    lon: -87.9,
    hub: true,
  },
  { code: 'PDX', city: 'Portland', name: 'Portland International', country: 'US', lat: 45.59, lon: -122.6 },
  {
    code: 'PHL',
    city: 'Philadelphia',
    name: 'Philadelphia International',
    country: 'US',
    lat: 39.87,
    lon: -75.24,
  },
  {
    code: 'PHX',
    city: 'Phoenix',
    name: 'Phoenix Sky Harbor International',
    country: 'US',
    lat: 33.43,
    lon: -112.01,
  },
  {
    code: 'RDU',
    city: 'Raleigh',
    name: 'Raleigh–Durham International',
    country: 'US',
    lat: 35.88,
    lon: -78.79,
  },
  {
    code: 'SAN',
    city: 'San Diego',
    name: 'San Diego International',
    country: 'US',
    lat: 32.73,
    lon: -117.19,
  },
  {
    code: 'SEA',
    city: 'Seattle',
    name: 'Seattle–Tacoma International',
    country: 'US',
    lat: 47.45,
    lon: -122.31,
  },
  {
    code: 'SFO',
    city: 'San Francisco',
    name: 'San Francisco International',
    country: 'US',
    lat: 37.62,
    lon: -122.38,
    hub: true,
  },
  {
    code: 'SLC',
    city: 'Salt Lake City',
    name: 'Salt Lake City International',
    country: 'US',
    lat: 40.79,
    lon: -111.98,
  },
  {
    code: 'STL',
    city: 'St. Louis',
    name: 'St. Louis Lambert International',
    country: 'US',
    lat: 38.75,
    lon: -90.37,
  },
  { code: 'TPA', city: 'Tampa', name: 'Tampa International', country: 'US', lat: 27.98, lon: -82.53 },
  {
    code: 'YYZ',
    city: 'Toronto',
    name: 'Toronto Pearson International',
    country: 'CA',
    lat: 43.68,
    lon: -79.63,
  },
  {
    code: 'YVR',
    city: 'Vancouver',
    name: 'Vancouver International',
    country: 'CA',
    lat: 49.19,
    lon: -123.18,
  },
  {
    code: 'MEX',
    city: 'Mexico City',
    name: 'Benito Juárez International',
    country: 'MX',
    lat: 19.44,
    lon: -99.07,
  },
  { code: 'CUN', city: 'Cancún', name: 'Cancún International', country: 'MX', lat: 21.04, lon: -86.87 },
  { code: 'LHR', city: 'London', name: 'Heathrow', country: 'GB', lat: 51.47, lon: -0.45 },
  { code: 'CDG', city: 'Paris', name: 'Charles de Gaulle', country: 'FR', lat: 49.01, lon: 2.55 },
  { code: 'DUB', city: 'Dublin', name: 'Dublin Airport', country: 'IE', lat: 53.42, lon: -6.27 },
  { code: 'KEF', city: 'Reykjavík', name: 'Keflavík International', country: 'IS', lat: 63.99, lon: -22.62 },
];

export interface Airline {
  code: string;
  name: string;
  color: string;
}

/** The carriers Skyway sells; the first flies from every hub. */
export const AIRLINES: Airline[] = [
  { code: 'AU', name: 'Aurora Air', color: '#2f5bea' },
  { code: 'NW', name: 'Northwind Airlines', color: '#0f766e' },
  { code: 'PC', name: 'Pacific Crest', color: '#c2410c' },
  { code: 'BJ', name: 'Bluebird Jet', color: '#0284c7' },
];

export interface AircraftType {
  id: number;
  model: string;
  /** Seat letters of the First rows and of the economy rows. */
  first_letters: string;
  econ_letters: string;
  first_rows: number;
  last_row: number;
  /** Rows of the economy cabin with extra legroom (the front rows), and the exit rows (extra legroom too). */
  legroom_rows: string;
  exit_rows: string;
}

export const AIRCRAFT: AircraftType[] = [
  {
    id: 1,
    model: 'Airbus A320',
    first_letters: 'ACDF',
    econ_letters: 'ABCDEF',
    first_rows: 3,
    last_row: 28,
    legroom_rows: '4,5,6',
    exit_rows: '14,15',
  },
  {
    id: 2,
    model: 'Boeing 737-800',
    first_letters: 'ACDF',
    econ_letters: 'ABCDEF',
    first_rows: 4,
    last_row: 31,
    legroom_rows: '5,6,7',
    exit_rows: '16,17',
  },
  {
    id: 3,
    model: 'Embraer 175',
    first_letters: 'ACD',
    econ_letters: 'ACDF',
    first_rows: 3,
    last_row: 20,
    legroom_rows: '4,5',
    exit_rows: '10',
  },
  {
    id: 4,
    model: 'Boeing 787-9',
    first_letters: 'ADGK',
    econ_letters: 'ABCDEFGHK',
    first_rows: 5,
    last_row: 36,
    legroom_rows: '6,7,8',
    exit_rows: '20',
  },
];
