import torch


def build_prototypes(encoder, x, labels, n_speakers, batch_size=32):
    """Average embedding per enrolled speaker, computed over the whole enrolment set."""
    encoder.eval()
    hidden = []
    for s in range(0, len(x), batch_size):
        hidden.append(encoder(x[s:s + batch_size]).detach())
    emb = torch.cat(hidden)
    protos = torch.zeros(n_speakers, emb.size(1)).index_add_(0, labels, emb)
    counts = torch.bincount(labels, minlength=n_speakers).clamp_min(1).unsqueeze(1)
    encoder.train()
    return protos / counts


def identify(encoder, protos, x):
    encoder.eval()
    with torch.no_grad():
        return (encoder(x) @ protos.t()).argmax(1)
