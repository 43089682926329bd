"""Card sets: loading script folders with their manifests, and the catalogue of loaded cards."""
