# One image for api, workers and the one-shot migrate/seed step (docker-compose.yml).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY db/package.json db/
COPY mail/package.json mail/
COPY map/package.json map/
COPY api/package.json api/
COPY workers/package.json workers/
COPY pwa/package.json pwa/
RUN npm install --no-audit --no-fund
COPY . .
RUN PRISMA_SCHEMA_ENGINE_BINARY=/bin/true npx prisma generate && (cd pwa && node scripts/build.ts)

FROM node:24-bookworm-slim
# The workers slice FDM models with PrusaSlicer's command line for firm prices.
RUN apt-get update && apt-get install -y --no-install-recommends prusa-slicer && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 8080
CMD ["node", "api/src/main.ts"]
