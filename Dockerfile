# Build stage: native modules (argon2) compile here.
FROM node:22.23-bookworm AS build
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
# ADMIN_BUILD_ID names the console build shown at its foot (a release tag or commit).
ARG ADMIN_BUILD_ID=
RUN npm run build:api && npm run build:storefront && ADMIN_BUILD_ID=$ADMIN_BUILD_ID npm run build:admin && npm prune --omit=dev

# The admin console on a static server of its own (ADMIN_REMOTE_URL points at its remoteEntry.js).
FROM nginx:1.27-alpine AS admin-console
COPY deploy/nginx/admin-console.conf /etc/nginx/carmarket/admin-console.conf
RUN printf 'server {\n  listen 80;\n  root /usr/share/nginx/html;\n  include /etc/nginx/carmarket/admin-console.conf;\n}\n' > /etc/nginx/conf.d/default.conf
COPY --from=build /app/apps/admin/dist /usr/share/nginx/html

# The API, which also serves the storefront (and a copy of the console at /admin-app/).
FROM node:22.23-bookworm-slim AS api
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
# Node options as scripts/lib/server-node-options.js gives them (its test checks this line).
CMD ["node", "--max-semi-space-size=32", "dist/apps/api/main.js"]
