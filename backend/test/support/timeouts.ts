jest.setTimeout(60_000); // PGlite opens a fresh data directory in 3-5 s; concurrency tests take a while
