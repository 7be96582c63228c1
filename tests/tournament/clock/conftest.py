import pytest

from tournament.clock import broker


@pytest.fixture(autouse=True)
def _broker_health_forgotten():
    """What one test taught this process about the broker does not leak into the next."""
    broker.health.forget()
    yield
    broker.health.forget()
