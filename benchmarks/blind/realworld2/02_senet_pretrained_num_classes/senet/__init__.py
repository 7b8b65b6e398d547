from .se_resnet import se_resnet20
