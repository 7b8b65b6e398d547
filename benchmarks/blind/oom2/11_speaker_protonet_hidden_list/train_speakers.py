import torch
import torch.nn.functional as F

from spk.features import synth_mfcc
from spk.encoder import SpeakerEncoder
from spk.protos import build_prototypes, identify

N_SPK, FRAMES, N_MFCC = 16, 300, 16

torch.manual_seed(0)
x_tr, y_tr = synth_mfcc(N_SPK, 8, FRAMES, N_MFCC, seed=0)
x_enrol, y_enrol = synth_mfcc(N_SPK, 64, FRAMES, N_MFCC, seed=1)
x_test, y_test = synth_mfcc(N_SPK, 4, FRAMES, N_MFCC, seed=2)

enc = SpeakerEncoder(N_MFCC)
clf = torch.nn.Linear(64, N_SPK)
opt = torch.optim.Adam(list(enc.parameters()) + list(clf.parameters()), lr=3e-3)
for epoch in range(1):
    perm = torch.randperm(len(y_tr))
    for i in range(0, len(perm), 32):
        idx = perm[i:i + 32]
        loss = F.cross_entropy(clf(enc(x_tr[idx])) * 10, y_tr[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} step {i // 32} loss {loss.item():.3f}", flush=True)
    protos = build_prototypes(enc, x_enrol, y_enrol, N_SPK)
    acc = (identify(enc, protos, x_test) == y_test).float().mean().item()
    print(f"epoch {epoch} speaker-id acc {acc:.3f}")
    torch.save({"encoder": enc.state_dict(), "prototypes": protos}, "speaker_protos.pt")
