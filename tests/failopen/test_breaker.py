"""The circuit breaker: skip the service for a while after a failure, one probe at a time."""

from failopen.breaker import CircuitBreaker


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_a_closed_breaker_lets_every_call_through():
    breaker = CircuitBreaker(retry_after=5, clock=Clock())
    assert all(breaker.allows_call() for _ in range(3)) and not breaker.is_open


def test_after_a_failure_calls_are_skipped_until_the_wait_is_over():
    clock = Clock()
    breaker = CircuitBreaker(retry_after=5, clock=clock)
    breaker.record_failure()
    clock.now += 4.9
    assert breaker.is_open and not breaker.allows_call()


def test_after_the_wait_only_one_caller_probes():
    clock = Clock()
    breaker = CircuitBreaker(retry_after=5, clock=clock)
    breaker.record_failure()
    clock.now += 5
    assert [breaker.allows_call() for _ in range(3)] == [True, False, False]


def test_a_successful_probe_closes_it_and_a_failed_one_opens_it_again():
    clock = Clock()
    breaker = CircuitBreaker(retry_after=5, clock=clock)
    breaker.record_failure()
    clock.now += 5
    breaker.allows_call()
    assert breaker.record_failure() is False  # the same outage: not logged again
    clock.now += 5
    assert breaker.allows_call() and breaker.record_success() is True
    assert not breaker.is_open and breaker.allows_call()


def test_only_the_first_failure_of_an_outage_is_reported():
    breaker = CircuitBreaker(retry_after=5, clock=Clock())
    assert [breaker.record_failure() for _ in range(3)] == [True, False, False]
    assert breaker.record_success() is True and breaker.record_success() is False
