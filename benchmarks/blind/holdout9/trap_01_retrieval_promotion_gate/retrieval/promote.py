import json
from pathlib import Path

import torch


class PromotionRejected(RuntimeError):
    pass


def promote_if_better(model, metric_value, registry_dir: Path, export_path: Path):
    prod = json.loads((registry_dir / "production.json").read_text())
    required = prod["value"] * (1 + prod["min_relative_gain"])
    if metric_value < required:
        raise PromotionRejected(
            f"candidate {prod['metric']}={metric_value:.3f} does not beat production "
            f"{prod['model']} {prod['version']} ({prod['value']:.3f}); not exporting")
    export_path.parent.mkdir(parents=True, exist_ok=True)
    torch.save(model.state_dict(), export_path)
    return export_path
