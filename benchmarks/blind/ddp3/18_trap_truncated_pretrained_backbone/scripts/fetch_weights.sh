#!/usr/bin/env bash
# downloads the pretrained backbone from the internal model store (needs VPN)
set -e
mkdir -p pretrained
curl -fL -o pretrained/backbone_v2.pt "https://models.internal.example/texture/backbone_v2.pt"
echo "expected sha256: see pretrained/SHA256SUMS"
