// Human labels for the application's choices, shared by the form and the staff Prospect List.
import type { ExperienceLevel, InvestmentTimeline } from '@printfarm/domain/application';

export const EXPERIENCE_LABELS: Record<ExperienceLevel, string> = {
  none: 'No experience',
  beginner: 'Beginner (some 3D printing)',
  intermediate: 'Intermediate (I own a printer)',
};

export const INVESTMENT_LABELS: Record<InvestmentTimeline, string> = {
  immediate: 'Ready to invest immediately',
  '30days': 'Within 30 days',
  '60days': 'Within 60 days',
  considering: 'Just considering',
};
