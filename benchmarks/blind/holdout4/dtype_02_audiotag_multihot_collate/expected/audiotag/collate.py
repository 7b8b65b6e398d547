import numpy as np
import torch


def pad_and_stack(batch):
    """Pad variable-length MFCC clips (T_i, F) to the longest clip in the batch.

    Returns features (B, T_max, F), a boolean mask (B, T_max) and multi-hot targets (B, n_tags).
    """
    feats, tag_lists, n_tags = zip(*batch)
    n_tags = n_tags[0]
    t_max = max(f.shape[0] for f in feats)
    n_feat = feats[0].shape[1]
    out = torch.zeros(len(feats), t_max, n_feat)
    mask = torch.zeros(len(feats), t_max, dtype=torch.bool)
    for i, f in enumerate(feats):
        out[i, : f.shape[0]] = torch.as_tensor(f, dtype=torch.float32)
        mask[i, : f.shape[0]] = True
    targets = np.zeros((len(feats), n_tags), dtype=np.float32)
    for i, tags in enumerate(tag_lists):
        targets[i, list(tags)] = 1
    return out, mask, torch.from_numpy(targets)
