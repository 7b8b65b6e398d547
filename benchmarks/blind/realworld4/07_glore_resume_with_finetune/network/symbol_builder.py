import logging

from .resnet_glore import RESNET_GLORE


def get_symbol(name, print_net=False, **kwargs):
    if name.upper() == "RESNET18_GLORE":
        net = RESNET_GLORE(**kwargs)
    else:
        logging.error("network '{}'' not implemented".format(name))
        raise NotImplementedError()
    if print_net:
        logging.debug("Symbol:: Network Architecture:")
        logging.debug(net)
    input_conf = {'mean': [0.485, 0.456, 0.406], 'std': [0.229, 0.224, 0.225]}
    return net, input_conf
