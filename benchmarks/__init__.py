"""Scripts that print performance figures; run with ``python -m benchmarks.<name>``."""
