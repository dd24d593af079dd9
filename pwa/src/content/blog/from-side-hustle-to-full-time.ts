import type { BlogArticle } from './types.ts';

export const article: BlogArticle = {
  id: 'from-side-hustle-to-full-time',
  title: 'From Side Hustle to Full Time: How One Operator Filled Her Print Queue',
  excerpt:
    'Jenna started with two printers and a list of broken appliance parts from her neighbours. Eight months later she runs six printers. Here is what worked.',
  author: 'Jenna Morales',
  date: '2024-09-17',
  category: 'Success Stories',
  readTime: '5 min read',
  tags: ['success story', 'growth', 'local marketing', 'replacement parts'],
  content: `I never planned to run a factory. I planned to fix my own dishwasher. The wheel I printed for it worked so well that my neighbour asked for one, and then her sister did.

## The first three months
I listed twelve parts I could print reliably and posted them in two local groups. The first month I sold a few dozen parts. By month three, repeat customers and network jobs kept both printers busy most days.

## What made the difference
- Photographs of the part installed, not just on the build plate
- Shipping the same day I received an order
- Saying no to jobs I could not print well

## Where I am now
I run six printers and spend most of my time on customer messages and new designs. My numbers are mine, and yours will differ: every market and every operator is different, and results vary.

## My advice
Start narrow. Pick one category you understand, learn to print it perfectly, and grow from there.`,
};
