import type { TestProject } from 'vitest/node';
import { postgresAvailability, testDbKind } from './helpers/postgres-availability.js';
import { startCluster } from './helpers/postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with the right to CREATE DATABASE; each test file creates and drops its own database. */
    pgAdminUrl: string;
  }
}

/** Says which database the API tests run on; for PostgreSQL, starts a throwaway cluster unless TEST_DATABASE_URL is given. */
export default async function setup(project: TestProject) {
  if (testDbKind() === 'sqlite') {
    console.log('API tests on sqlite (a fresh :memory: database per test file)');
    return;
  }
  const pg = postgresAvailability();
  if (!pg.available) {
    console.log(`API tests on postgres: SKIPPED (${pg.reason})`);
    return;
  }
  if (pg.mode === 'url') {
    const url = process.env.TEST_DATABASE_URL!;
    const u = new URL(url);
    console.log(`API tests on postgres (TEST_DATABASE_URL ${u.hostname}:${u.port || 5432}, a database per test file)`);
    project.provide('pgAdminUrl', url);
    return;
  }
  const cluster = await startCluster(pg.tools);
  // A run that exits without teardown (interrupted) still stops the cluster.
  const onExit = () => cluster.stop();
  process.once('exit', onExit);
  console.log(`API tests on postgres (throwaway cluster on port ${cluster.port}, a database per test file)`);
  project.provide('pgAdminUrl', cluster.url);
  return () => {
    process.off('exit', onExit);
    cluster.stop();
  };
}
