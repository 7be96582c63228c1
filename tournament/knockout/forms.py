"""The director's own seeding order: a seed number beside each team, blank for a team left out."""

from django import forms

from tournament.core.models import Team


class SeedOrderForm(forms.Form):
    def __init__(self, *args, teams: list[Team], **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = teams
        self.order: list[int] = []
        for team in teams:
            self.fields[f"seed_{team.pk}"] = forms.IntegerField(
                required=False, min_value=1, max_value=max(len(teams), 1), label=team.name,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "seed-input"}),
                error_messages={"min_value": "A seed is 1 or more.",
                                "max_value": f"A seed is at most {len(teams)}.",
                                "invalid": "Type a whole number, or leave it blank."},
            )

    def seed_fields(self):
        return [self[f"seed_{team.pk}"] for team in self.teams]

    def clean(self):
        cleaned = super().clean()
        chosen = sorted(
            (cleaned[f"seed_{team.pk}"], team.pk) for team in self.teams if cleaned.get(f"seed_{team.pk}")
        )
        seeds = [seed for seed, _ in chosen]
        if len(chosen) < 2:
            raise forms.ValidationError("Give a seed to at least two teams.")
        repeated = sorted({seed for seed in seeds if seeds.count(seed) > 1})
        if repeated:
            raise forms.ValidationError(f"Seed {repeated[0]} is given to more than one team.")
        missing = [n for n in range(1, len(seeds) + 1) if n not in seeds]
        if missing:
            raise forms.ValidationError(
                f"Seeds run 1, 2, 3, ... without a gap: seed {missing[0]} is missing."
            )
        self.order = [team_id for _, team_id in chosen]
        return cleaned
