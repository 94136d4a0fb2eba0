# Build stage: native modules (better-sqlite3, argon2) compile here.
FROM node:20.20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
COPY libs/shared/package.json libs/shared/
COPY tools/demo/package.json tools/demo/
RUN npm install --no-audit --no-fund
COPY . .
# The product only: no demo bundle in a production image (SEED_DEMO finds none and says so).
RUN npm run build:api && npm run build:storefront && npm run build:admin && npm prune --omit=dev

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "dist/apps/api/main.js"]
