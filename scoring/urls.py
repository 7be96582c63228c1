"""Page routes; filled in by the feature that owns this module."""

urlpatterns = []
