-- Slices cut off by their time or memory limit, or by the slicer not starting, were kept as failures of
-- the part, and so blocked firm prices and printer G-code for that file for ever. They are no verdict on
-- the part: the workers no longer keep them (workers/src/slicer/failure.ts), and the ones kept before are
-- forgotten here, so the next quote or queue slice runs the slicer again. A copy the analysis thread could
-- not prepare is forgotten too: tried again, a model that really cannot be read fails and is kept again.

-- migrate:up
DELETE FROM "slice_results"
WHERE "status" = 'failed'
  AND ("reason" LIKE 'Slicing took longer than%'
    OR "reason" = 'Slicer ran out of memory'
    OR "reason" LIKE 'The slicer could not start%'
    OR "reason" LIKE 'We could not prepare this model for the slicer%');

DELETE FROM "printer_slices"
WHERE "status" = 'failed'
  AND ("reason" LIKE 'Slicing took longer than%'
    OR "reason" = 'Slicer ran out of memory'
    OR "reason" LIKE 'The slicer could not start%'
    OR "reason" = 'The model could not be prepared for the slicer');

DELETE FROM "printer_projects"
WHERE "status" = 'failed'
  AND ("reason" LIKE 'Slicing took longer than%'
    OR "reason" = 'Slicer ran out of memory'
    OR "reason" LIKE 'The slicer could not start%'
    OR "reason" = 'The model could not be prepared for the slicer');

-- migrate:down
-- Nothing to put back: what was forgotten is made again, or refused again, when it is next asked for.
