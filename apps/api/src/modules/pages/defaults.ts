import type { ContentPageSlug } from '@orderfront/core';

/** Sensible starting text for a business's policy pages; the business edits its own copy. */
export function defaultContentPage(slug: ContentPageSlug, business: string, email: string) {
  const contact = email ? `email us at ${email}` : 'contact the restaurant you ordered from';
  switch (slug) {
    case 'terms':
      return {
        title: 'Terms and Conditions',
        body: `These terms apply when you order from ${business} online, for pickup, delivery or dine-in.

## Orders
An order is accepted once we confirm it. Prices, menu items and opening hours can change; the price you see at checkout is the price you pay.

## Payment
You can pay by card online or, where offered, in cash on delivery. Card payments are processed by our payment provider; we never see or store your full card number.

## Pickup and delivery
We give you an estimated time when you order. Please collect pickup orders within 30 minutes of the ready time. Delivery is available within our delivery area only.

## Allergies
Our kitchens handle gluten, nuts, dairy, eggs, seafood and other allergens. Tell us about any allergy in the order notes and call the restaurant if you are unsure.

## Questions
If something is wrong with your order, ${contact} and we will put it right.`,
      };
    case 'privacy':
      return {
        title: 'Privacy Policy',
        body: `${business} collects only what it needs to take and deliver your order.

## What we collect
Your name, email address, phone number, delivery address and order history. If you create an account we also keep your saved addresses and favourites.

## How we use it
To prepare and deliver your order, to contact you about it, and, only if you agree, to send you offers. We never sell your personal information.

## Payments
Card details go straight to our payment provider and are not stored by us.

## Your choices
You can ask to see, correct or delete the personal information we hold about you. To do so, ${contact}.`,
      };
    case 'refund-policy':
      return {
        title: 'Refund Policy',
        body: `We want every order from ${business} to be right.

## Missing or incorrect items
Tell us within 24 hours and we will refund the item or replace it on your next order.

## Quality
If a dish is not up to standard, let us know on the day with a photo and we will make it right.

## Cancellations
You can cancel an order for a full refund until the kitchen starts preparing it. Refunds go back to the original payment method within 5 to 10 business days.

## How to ask
To request a refund, ${contact} with your order number.`,
      };
  }
}
