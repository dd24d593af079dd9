import type { BlogArticle } from './types.ts';

export const article: BlogArticle = {
  id: 'two-printer-starter-setup',
  title: 'The Two-Printer Garage Setup: Everything You Need on Day One',
  excerpt:
    'Shelving, power, ventilation and spares: a checklist for turning a corner of your garage into a reliable little factory.',
  author: 'Priya Natarajan',
  date: '2024-10-08',
  category: 'Equipment',
  readTime: '7 min read',
  tags: ['equipment', 'setup', 'garage', 'printers', 'maintenance'],
  content: `Two well-tuned printers can produce 30-40 parts a day. Getting there is less about the printers than about everything around them.

## Space and power
A sturdy steel shelf, a dedicated 15 A circuit and a surge protector go a long way. Keep printers off wobbly tables: vibration shows up as ringing on every part.

## Temperature and air
Garages swing between hot and cold. An inexpensive enclosure keeps temperature steady and stops drafts from warping ABS and ASA. If you print ABS or resin, vent the fumes outside.

## Spares that save a day
- Two spare nozzles of each size
- A spare hotend thermistor and heater cartridge
- PEI build sheets
- Bowden tube and couplers

## Storage for filament
Filament absorbs moisture. Store open spools in sealed boxes with desiccant and dry PETG and nylon before use.

## Keep a maintenance log
Note every nozzle change and calibration. When a problem comes back, the log tells you what fixed it last time.`,
};
