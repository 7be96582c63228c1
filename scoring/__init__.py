"""Score sheets, submissions and confirmations, results and standings."""
