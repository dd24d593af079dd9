import type { BlogArticle } from './types.ts';

export const article: BlogArticle = {
  id: 'running-a-print-queue',
  title: 'Running a Print Queue: Batching, Scheduling and Fewer Failed Prints',
  excerpt:
    'The difference between 15 and 40 parts a day is rarely the printer. It is how you plan the queue. Our operations playbook for small farms.',
  author: 'Tom Becker',
  date: '2024-08-26',
  category: 'Operations',
  readTime: '9 min read',
  tags: ['operations', 'workflow', 'batching', 'quality control'],
  content: `A printer that sits idle overnight is the most expensive thing in your garage. Good operations keep machines busy with parts that pass inspection the first time.

## Batch by material and colour
Changing filament takes time and risks clogs. Group orders by material and colour and run each spool until the batch is done.

## Long prints overnight, short prints by day
Plates of small clips and knobs need attention between prints. Save long single parts for the night so you wake up to finished work.

## A five-point check before shipping
- Dimensions against the spec sheet
- Layer adhesion: flex test on one part per batch
- Clean support removal
- Correct colour and material
- Packaging that protects thin features

## Track every failure
Log failed prints with the cause. After a month, the log shows which part or setting causes most of your waste, and fixing that one thing pays off quickly.`,
};
