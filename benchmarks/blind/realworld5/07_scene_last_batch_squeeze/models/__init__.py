from .scene_net import SceneNet
