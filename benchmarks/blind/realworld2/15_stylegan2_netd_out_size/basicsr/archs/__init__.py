from .stylegan2_arch import StyleGAN2Discriminator, StyleGAN2Generator

ARCH_REGISTRY = {'StyleGAN2Generator': StyleGAN2Generator, 'StyleGAN2Discriminator': StyleGAN2Discriminator}


def build_network(opt):
    opt = dict(opt)
    network_type = opt.pop('type')
    return ARCH_REGISTRY[network_type](**opt)
