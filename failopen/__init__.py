"""Redis as an accelerator the room can lose: when it is down or hung, the site goes on without it.

The cache (`redis_cache.FailOpenRedisCache`) gives short socket timeouts to every call and turns Redis's
errors into misses and no-ops, so a page recomputes what it would have read. After a failure a circuit
breaker (`breaker.CircuitBreaker`, one per Redis address and process) sends nothing to Redis for a few
seconds but one probe, so a hung Redis costs one request its timeout per few seconds, not every request
its timeout. Whoever must not simply lose what Redis held (the throttles: a miss would mean "no limit")
asks `redis_cache.shared_cache_failing` and keeps its count in the process meanwhile.

Plain Python and Django's cache framework only; none of the apps.
"""
