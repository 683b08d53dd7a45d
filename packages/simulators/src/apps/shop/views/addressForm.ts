import { fieldError, fields, formSchema, html, type SafeHtml } from '../../../kit';

export const US_STATES = [
  'AK',
  'AL',
  'AR',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
] as const;

export const AddressSchema = formSchema({
  label: fields.text({ required: true, max: 40, label: 'Address name' }),
  full_name: fields.text({ required: true, max: 80, label: 'Full name' }),
  line1: fields.text({ required: true, max: 120, label: 'Street address' }),
  line2: fields.text({ max: 120, label: 'Apartment, suite, etc.' }),
  city: fields.text({ required: true, max: 80 }),
  region: fields.choice(US_STATES, { required: true, label: 'State' }),
  postal_code: fields.text({
    required: true,
    pattern: /^\d{5}(-\d{4})?$/,
    patternMessage: 'Enter a 5-digit ZIP code',
    label: 'ZIP code',
  }),
  phone: fields.text({
    pattern: /^[0-9()+\-.\s]{7,20}$/,
    patternMessage: 'Enter a valid phone number',
    label: 'Phone',
  }),
});
export type AddressValues = Record<keyof (typeof AddressSchema)['shape'], string>;

export function addressFields(
  values: AddressValues,
  errors: Partial<Record<keyof AddressValues, string>>,
  idPrefix: string,
): SafeHtml {
  const field = (name: keyof AddressValues, label: string, attrs = '') =>
    html`<div class="field"><label for="${idPrefix}-${name}">${label}</label>
<input id="${idPrefix}-${name}" name="${name}" value="${values[name]}" ${attrs}>${fieldError(errors[name])}</div>`;
  return html`${field('label', 'Address name (e.g. Home, Office)')}
${field('full_name', 'Full name', 'autocomplete="name"')}
${field('line1', 'Street address', 'autocomplete="address-line1"')}
${field('line2', 'Apartment, suite, etc. (optional)', 'autocomplete="address-line2"')}
<div class="field-row">${field('city', 'City', 'autocomplete="address-level2"')}
<div class="field"><label for="${idPrefix}-region">State</label><select id="${idPrefix}-region" name="region"><option value="">Select…</option>${US_STATES.map(
    (s) => html`<option ${values.region === s ? 'selected' : ''}>${s}</option>`,
  )}</select>${fieldError(errors.region)}</div>
${field('postal_code', 'ZIP code', 'inputmode="numeric" autocomplete="postal-code"')}</div>
${field('phone', 'Phone (optional)', 'autocomplete="tel"')}`;
}
