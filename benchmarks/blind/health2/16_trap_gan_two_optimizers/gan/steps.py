import torch
import torch.nn.functional as F


def discriminator_step(D, G, opt_d, real, z):
    fake = G(z).detach()
    logits_real = D(real)
    logits_fake = D(fake)
    loss = (F.binary_cross_entropy_with_logits(logits_real, torch.ones_like(logits_real))
            + F.binary_cross_entropy_with_logits(logits_fake, torch.zeros_like(logits_fake)))
    opt_d.zero_grad()
    loss.backward()
    opt_d.step()
    return loss.item()


def generator_step(D, G, opt_g, z):
    logits = D(G(z))
    loss = F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))
    opt_g.zero_grad()
    loss.backward()
    opt_g.step()
    return loss.item()


@torch.no_grad()
def mode_distance(G, z, centers):
    samples = G(z)
    return torch.cdist(samples, centers).min(dim=1).values.mean().item()
