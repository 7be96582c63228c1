"""Moving a model's content type to the app that now owns it, so that nothing pointing at it is lost.

The admin's history and users' permissions point at a model's content type. Left behind under the old
app label, it would be "stale", and `remove_stale_contenttypes` would delete it together with that
history and those permissions. The new app's first migration renames it instead (and back, reversed).
"""


def content_types_mover(models: tuple[str, ...], *, old: str, new: str):
    """RunPython's forward and backward functions that move `models`' content types from `old` to `new`."""

    def move(apps, from_label: str, to_label: str) -> None:
        content_type = apps.get_model("contenttypes", "ContentType")
        for model in models:
            if content_type.objects.filter(app_label=to_label, model=model).exists():
                continue  # already there (created by an earlier run): nothing to move
            content_type.objects.filter(app_label=from_label, model=model).update(app_label=to_label)

    def forward(apps, schema_editor):
        move(apps, old, new)

    def backward(apps, schema_editor):
        move(apps, new, old)

    return forward, backward
