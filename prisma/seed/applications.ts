// Operator prospects at several stages of the pipeline, so the staff Prospect List has a story to tell.
import type { PrismaClient } from '@printfarm/db';

const PROSPECTS = [
  ['Maria', 'Santos', 'Tucson', 'AZ', 'beginner', 'immediate', 'New', 'Two-car garage, 240 sq ft cleared', 1],
  [
    'Derek',
    'Olsen',
    'Boise',
    'ID',
    'intermediate',
    '30days',
    'Contacted',
    'Basement workshop with 20 A circuit',
    3,
  ],
  ['Priya', 'Raman', 'Raleigh', 'NC', 'none', 'considering', 'New', 'Spare bedroom', 4],
  ['Tom', 'Becker', 'Omaha', 'NE', 'intermediate', 'immediate', 'Demo', 'Detached shop, 600 sq ft', 6],
  ['Aisha', 'Bello', 'Columbus', 'OH', 'beginner', '60days', 'New', '', 8],
  [
    'Luis',
    'Moreno',
    'El Paso',
    'TX',
    'intermediate',
    'immediate',
    'Won',
    'Rented unit in a light industrial park',
    12,
  ],
  ['Hannah', 'Fischer', 'Madison', 'WI', 'none', 'considering', 'Lost', 'Apartment; asked about noise', 15],
  ['Kevin', 'Tran', 'Sacramento', 'CA', 'beginner', '30days', 'Contacted', 'Garage half', 2],
  ['Grace', 'Ogunleye', 'Richmond', 'VA', 'intermediate', '30days', 'New', 'Converted shed with AC', 0],
  ['Owen', 'Price', 'Billings', 'MT', 'none', 'immediate', 'New', 'Barn loft', 0],
] as const;

export async function seedApplications(prisma: PrismaClient): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  await prisma.application.createMany({
    data: PROSPECTS.map(
      ([firstName, lastName, city, state, experience, investment, status, workspace, daysAgo], i) => ({
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
        phone: `(555) 010-${String(1000 + i * 37).slice(-4)}`,
        city,
        state,
        experience,
        investment,
        workspace: workspace || null,
        notes: status === 'New' ? null : `Seeded prospect, status ${status}.`,
        status,
        createdAt: new Date(Date.now() - daysAgo * day - i * 3_600_000),
      }),
    ),
  });
}
