import type { tourAr } from './tour.ar.ts';

/** English messages of the guided tour of a new student: every key of the Arabic file, checked by the type. */
export const tourEn: Record<keyof typeof tourAr, string> = {
  'tour.label': 'Guided tour',
  'tour.menu': 'Take the tour',
  'tour.progress': 'Step {current} of {total}',
  'tour.next': 'Next',
  'tour.back': 'Back',
  'tour.skip': 'Skip the tour',
  'tour.finish': 'Start learning',
  'tour.welcome.title': 'Welcome to Darsak',
  'tour.welcome.body':
    'This is your dashboard: your upcoming lessons, the minutes you have left and your chats in one place. Take a quick tour, or skip it and come back to it from your account menu at any time.',
  'tour.tutors.title': 'Choose your tutor',
  'tour.tutors.body':
    'Browse the tutors, filter them by topic and by the time that suits you, and watch their intro video and reviews before you choose.',
  'tour.minutes.title': 'Your weekly minutes',
  'tour.minutes.body':
    'Your plan gives you minutes every week to book lessons with. They renew every week on the morning of the weekday your subscription started; choose your plan here.',
  'tour.booking.title': 'Book a lesson',
  'tour.booking.body':
    "Open a tutor's page, pick a free time this week and the lesson's length, then confirm. The length comes off your minutes, and the booking tells you until when you can cancel it.",
  'tour.lessons.title': 'Join your lesson',
  'tour.lessons.body':
    'Your upcoming lessons are here. The join button appears a few minutes before the start: check your camera and microphone, then enter the room with your tutor.',
  'tour.chat.title': 'Talk to your tutor',
  'tour.chat.body':
    'Once you have booked, you can message your tutor here to agree on what you want to learn in the lesson.',
};
