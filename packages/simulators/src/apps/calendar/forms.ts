import { fields, formSchema } from '../../kit';
import { PEOPLE } from './data/people';

export const PERSON_IDS = PEOPLE.map((_, index) => String(index + 1));

export const EventSchema = formSchema({
  title: fields.text({ required: true, max: 120 }),
  date: fields.date({ required: true }),
  start_time: fields.time({ required: true, label: 'Start time' }),
  end_time: fields.time({ required: true, label: 'End time' }),
  location: fields.text({ max: 160 }),
  room: fields.integer({ min: 1, label: 'Room' }),
  attendees: fields.choices(PERSON_IDS, { max: 30, label: 'Guests' }),
  recurrence: fields.choice(['none', 'weekly'], { required: true, label: 'Repeat' }),
  occurrences: fields.integer({ min: 2, max: 26, label: 'Number of weeks' }),
  show_as: fields.choice(['busy', 'free'], { required: true, label: 'Show as' }),
  description: fields.text({ max: 2000 }),
  confirm_conflicts: fields.checkbox(),
});
export type EventShape = (typeof EventSchema)['shape'];

export const RsvpSchema = formSchema({
  response: fields.choice(['accepted', 'tentative', 'declined'], { required: true }),
  comment: fields.text({ max: 500, label: 'Note' }),
});

export const BookingSchema = formSchema({
  name: fields.text({ required: true, max: 80, label: 'Your name' }),
  email: fields.email({ required: true }),
  note: fields.text({ max: 500, label: 'Note' }),
});

export const BookingSettingsSchema = formSchema({
  min_notice_hours: fields.integer({ required: true, min: 0, max: 72, label: 'Minimum notice' }),
  window_days: fields.integer({ required: true, min: 1, max: 60, label: 'Booking window' }),
});
